import { resolve, sep } from 'node:path';

/**
 * Resolves a URL path (already decoded) inside root, or null when it would leave root, contains a NUL or a
 * backslash, or names a hidden file (a segment starting with a dot).
 */
export function safeJoin(root: string, urlPath: string): string | null {
  if (urlPath.includes('\0') || urlPath.includes('\\')) return null;
  const segments = urlPath.split('/');
  if (segments.some((s) => s === '..' || (s.startsWith('.') && s.length > 0))) return null;
  const base = resolve(root);
  const full = resolve(base, `.${urlPath.startsWith('/') ? urlPath : `/${urlPath}`}`);
  if (full !== base && !full.startsWith(base + sep)) return null;
  return full;
}

const HASHED = /(?:\.|^chunk-)([A-Za-z0-9_-]{8,})\.(?:m?js|css|map)(?:\.map)?$/;
const VERSIONED_SEGMENT = /^(?:@[A-Za-z0-9._-]+\/)?[A-Za-z0-9._-]+@\d+(?:\.\d+){0,2}(?:[-+][A-Za-z0-9.-]+)?$/;

/**
 * Versioned files are cached immutably: a file name `name.<hash>.js|mjs|css|map` (also `.js.map`) or the
 * build's shared chunk `chunk-<hash>.js` whose hash has 8+ characters of [A-Za-z0-9_-] including a digit or an uppercase letter, or a path segment that
 * carries a version such as `systemjs@6.15.1`.
 */
export function isVersioned(urlPath: string): boolean {
  const segments = urlPath.split('/').filter(Boolean);
  const name = segments.at(-1) ?? '';
  const match = HASHED.exec(name);
  if (match && /[0-9A-Z]/.test(match[1]!)) return true;
  return segments.slice(0, -1).some((s) => VERSIONED_SEGMENT.test(s));
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  txt: 'text/plain; charset=utf-8',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};

export function contentType(file: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}
