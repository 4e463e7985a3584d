import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ImportMap } from '../deploy/layer.ts';
import { safeJoin } from './paths.ts';

export type { ImportMap } from '../deploy/layer.ts';

const hashCache = new Map<string, { key: string; value: string }>();

/** sha384 of a file of the dist folder addressed by a same-origin URL, or null. */
export function fileIntegrity(distDir: string, url: string): string | null {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const file = safeJoin(distDir, url.split(/[?#]/)[0]!);
  if (!file || !existsSync(file)) return null;
  const stat = statSync(file);
  if (!stat.isFile()) return null;
  const key = `${stat.size}-${stat.mtimeMs}`;
  const cached = hashCache.get(file);
  if (cached?.key === key) return cached.value;
  const value = `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
  hashCache.set(file, { key, value });
  return value;
}

const INLINE_MAP = /(<script\b[^>]*type=["']systemjs-importmap["'][^>]*>)[\s\S]*?(<\/script>)/i;

const NONCE_ATTR = /\snonce=("[^"]*"|'[^']*'|[^\s>]*)/gi;
const SCRIPT_PRELOAD = /\brel=["']?(preload|modulepreload)["']?/i;

const VERSION_META = /<meta\s+name=["']ops-importmap-version["'][^>]*>/gi;

/**
 * Replaces the inline import map, marks the page with the map's version (`<meta name="ops-importmap-version">`)
 * and puts a nonce on every script tag and on every script preload (under 'strict-dynamic' a preload
 * without the nonce is refused).
 */
export function renderIndex(
  html: string,
  map: ImportMap,
  nonce: string,
  siteConfig?: unknown,
  mapVersion?: string,
): string {
  const json = JSON.stringify(map).replace(/</g, '\\u003c');
  let withMap = html.replace(INLINE_MAP, (_m, open: string, close: string) => `${open}${json}${close}`);
  if (mapVersion !== undefined) {
    const meta = `<meta name="ops-importmap-version" content="${mapVersion.replace(/[^A-Za-z0-9.]/g, '')}">`;
    withMap = withMap.replace(VERSION_META, '').replace('</head>', () => `${meta}</head>`);
  }
  if (siteConfig !== undefined) {
    // A data block, never run: the page reads the site config from it instead of fetching it.
    const config = JSON.stringify(siteConfig).replace(/</g, '\\u003c');
    withMap = withMap.replace(
      '</head>',
      () => `<script type="application/json" id="ops-site-config">${config}</script></head>`,
    );
  }
  return withMap
    .replace(
      /<script\b([^>]*)>/gi,
      (_m, attrs: string) => `<script nonce="${nonce}"${attrs.replace(NONCE_ATTR, '')}>`,
    )
    .replace(/<link\b([^>]*)>/gi, (tag: string, attrs: string) =>
      SCRIPT_PRELOAD.test(attrs) && /\bas=["']?script/i.test(attrs)
        ? `<link nonce="${nonce}"${attrs.replace(NONCE_ATTR, '')}>`
        : tag,
    );
}

/**
 * The page's Content-Security-Policy. `frameOrigins` are the site config's origins whose pages the
 * iframe route may embed (besides the page's own); anything else stays out of frames.
 */
export function contentSecurityPolicy(nonce: string, frameOrigins: readonly string[] = []): string {
  const origins = frameOrigins.filter((origin) => /^https?:\/\/[^\s;,']+$/.test(origin));
  return [
    "default-src 'self'",
    ["frame-src 'self'", ...origins].join(' '),
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self' data: ws: wss:",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
}
