import { existsSync, readFileSync, statSync } from 'node:fs';
import { safeJoin } from '../static/paths.ts';
import { sha384 } from './layer.ts';

/** A refused URL: the HTTP status and the message in both languages. */
export class UrlRefused extends Error {
  constructor(
    readonly status: 400 | 422,
    readonly zh: string,
    readonly en: string,
  ) {
    super(en);
  }
}

export interface UrlCheckOptions {
  distDir: string | null;
  /** The bytes of an uploaded file by its path (/assets/...), or undefined. */
  asset: (path: string) => Promise<{ bytes: Buffer; type: string } | undefined>;
  /** Origins whose URLs may be pinned (the site config's deployOrigins). */
  origins: readonly string[];
  timeoutMs: number;
  maxBytes: number;
}

export interface CheckedUrl {
  integrity: string;
  size: number;
}

/** A same-origin path: one leading '/', then plain path characters only (no query, fragment or escapes). */
const SAME_ORIGIN = /^\/(?!\/)[A-Za-z0-9._~@+/-]*$/;
const SCRIPT_TYPES = /^(text|application)\/(x-)?(javascript|ecmascript)$/;
const HTML_START = /^\s*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i;

function kindByName(path: string): 'script' | 'css' | 'html' | 'other' {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? '';
  if (ext === 'js' || ext === 'mjs') return 'script';
  if (ext === 'css') return 'css';
  if (ext === 'html' || ext === 'htm') return 'html';
  return 'other';
}

function kindByType(header: string | null): 'script' | 'css' | 'html' | 'other' {
  const type = (header ?? '').split(';')[0]!.trim().toLowerCase();
  if (SCRIPT_TYPES.test(type)) return 'script';
  if (type === 'text/css') return 'css';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  return 'other';
}

const notOk = (url: string, what: string) =>
  new UrlRefused(422, `地址 ${url} 没有返回 200（${what}）`, `${url} does not answer 200 (${what})`);
const html = (url: string) =>
  new UrlRefused(
    422,
    `地址 ${url} 返回的是 HTML 页面，不是 JavaScript 或 CSS`,
    `${url} answers HTML, not JavaScript or CSS`,
  );
const notCode = (url: string, what: string) =>
  new UrlRefused(
    422,
    `地址 ${url} 返回的不是 JavaScript 或 CSS（${what}）`,
    `${url} is not JavaScript or CSS (${what})`,
  );
const tooLarge = (url: string, max: number) =>
  new UrlRefused(422, `地址 ${url} 的内容超过 ${max} 字节`, `${url} is larger than ${max} bytes`);

function judge(
  url: string,
  kind: 'script' | 'css' | 'html' | 'other',
  what: string,
  bytes: Buffer,
): CheckedUrl {
  if (kind === 'html' || HTML_START.test(bytes.subarray(0, 512).toString('utf8'))) throw html(url);
  if (kind === 'other') throw notCode(url, what);
  return { integrity: sha384(bytes), size: bytes.length };
}

/** The URL is allowed at all: a same-origin path, or an http(s) URL of an allowlisted origin. */
export function urlAllowed(url: string, origins: readonly string[]): 'same-origin' | 'remote' | null {
  if (url.startsWith('/')) {
    if (!SAME_ORIGIN.test(url)) return null;
    const segments = url.split('/');
    return segments.some((s) => s === '..' || s === '.' || s.startsWith('.')) ? null : 'same-origin';
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password || parsed.hash) return null;
  return origins.includes(parsed.origin) ? 'remote' : null;
}

/**
 * Reads what the URL answers and computes its sha384: a same-origin path from the upload store
 * (/assets/...) or the build folder, directly (never over HTTP, never the index.html fallback); an
 * allowlisted URL over HTTP with a timeout and a size cap, without following redirects. Only a 200 with
 * JavaScript or CSS passes.
 */
export async function checkUrl(url: string, options: UrlCheckOptions): Promise<CheckedUrl> {
  const where = urlAllowed(url, options.origins);
  if (!where) {
    throw new UrlRefused(
      400,
      `地址 ${url} 不是本站路径（/…），也不在站点配置 deployOrigins 允许的来源中`,
      `${url} is neither a same-origin path (/…) nor on the site config's deployOrigins allowlist`,
    );
  }
  if (where === 'same-origin') {
    if (url.startsWith('/assets/')) {
      const asset = await options.asset(url);
      if (!asset) throw notOk(url, '404');
      return judge(url, kindByName(url), asset.type, asset.bytes);
    }
    const file = options.distDir ? safeJoin(options.distDir, url) : null;
    const stat = file && existsSync(file) ? statSync(file) : null;
    if (!file || !stat?.isFile()) throw notOk(url, '404');
    if (stat.size > options.maxBytes) throw tooLarge(url, options.maxBytes);
    return judge(url, kindByName(url), url, readFileSync(file));
  }
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw notOk(url, timedOut ? `no answer in ${options.timeoutMs} ms` : (err as Error).message);
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw notOk(url, String(response.status));
  }
  const type = response.headers.get('content-type');
  const kind = kindByType(type);
  if (kind !== 'script' && kind !== 'css') {
    await response.body?.cancel().catch(() => undefined);
    throw kind === 'html' ? html(url) : notCode(url, type ?? 'no content type');
  }
  const declared = Number(response.headers.get('content-length') ?? 'NaN');
  if (declared > options.maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge(url, options.maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body ?? []) {
      size += (chunk as Uint8Array).length;
      if (size > options.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge(url, options.maxBytes);
      }
      chunks.push(Buffer.from(chunk as Uint8Array));
    }
  } catch (err) {
    if (err instanceof UrlRefused) throw err;
    throw notOk(
      url,
      (err as Error).name === 'TimeoutError' ? `no answer in ${options.timeoutMs} ms` : 'body cut off',
    );
  }
  return judge(url, kind, type ?? '', Buffer.concat(chunks));
}
