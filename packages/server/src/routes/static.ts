import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { ApiError, sendApiError } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import type { RouteApp } from '../http/schema.ts';
import { acceptedEncodings, compressText, precompressed } from '../static/encoding.ts';
import { contentSecurityPolicy, renderIndex } from '../static/importmap.ts';
import { contentType, isVersioned, safeJoin } from '../static/paths.ts';
import {
  captchaHeaders,
  LANGUAGE_COOKIE,
  pageLanguage,
  prerenderedMarkup,
  prerendersLogin,
  withPrerender,
} from '../static/prerender.ts';
import { siteConfigForPage } from '../static/site-config.ts';

const NO_CACHE = 'no-cache';
/** Types worth compressing when sent (uploaded bundles are stored as they came). */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|wasm))/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Tenant of a page request: ?tenantId= of the URL, else the ops-tenant cookie set at login. */
function pageTenant(request: FastifyRequest, fromUrl: string | undefined): string | null {
  const candidate = fromUrl || request.cookies['ops-tenant'];
  return candidate && /^[0-9]{6}$/.test(candidate) ? candidate : null;
}

const REPORT_PAGE = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>运行日报 Daily station report</title>
<style>body{font:14px sans-serif;margin:24px;color:#303133}table{border-collapse:collapse}td,th{border:1px solid #dcdfe6;padding:6px 12px}</style>
</head><body><h2>运行日报 / Daily station report</h2>
<p>Embedded page served by the reference server (iframe menu entry).</p>
<table><tr><th>电站</th><th>发电量 (MWh)</th><th>可用率</th></tr>
<tr><td>飞来峡水电站</td><td>2,310</td><td>99.2%</td></tr>
<tr><td>新丰江水电站</td><td>5,870</td><td>98.7%</td></tr>
<tr><td>东江水电站</td><td>8,102</td><td>99.6%</td></tr></table></body></html>
`;

/** The deployment's site config, embedded in the page; undefined when missing or not JSON (the page then fetches it). */
function siteConfigOf(distDir: string): unknown {
  const file = join(distDir, 'site-config.json');
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Sends a page or map made per request, compressed when the client accepts it. */
function sendText(request: FastifyRequest, reply: FastifyReply, text: string) {
  const encoded = compressText(text, acceptedEncodings(request.headers['accept-encoding']));
  reply.header('Vary', 'Accept-Encoding');
  if (!encoded) return reply.send(text);
  return reply.header('Content-Encoding', encoded.encoding).send(encoded.body);
}

export function registerStaticRoutes(app: RouteApp, ctx: AppContext) {
  const distDir = ctx.options.distDir;

  async function sendIndex(request: FastifyRequest, reply: FastifyReply, tenantId: string | undefined) {
    const file = distDir ? join(distDir, 'index.html') : null;
    if (!file || !existsSync(file)) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', NO_CACHE)
        .send('index.html not built: run npm run build');
    }
    const nonce = randomBytes(16).toString('base64');
    const { map, version } = await ctx.deploy.served(pageTenant(request, tenantId));
    const siteConfig = siteConfigForPage(siteConfigOf(distDir!), ctx.options.production, ctx.speechEmulator);
    let page = readFileSync(file, 'utf8');
    const [path = '/', query = ''] = request.url.split('?', 2);
    const search = query ? `?${query}` : '';
    if (prerendersLogin(path, search)) {
      // The login page's markup in the HTML (issue 31); without a build of it, the boot frame as before.
      const lang = pageLanguage(request.cookies[LANGUAGE_COOKIE]);
      const markup = prerenderedMarkup(distDir!, lang, siteConfig);
      if (markup) {
        page = withPrerender(page, markup, {
          lang,
          search,
          captchaHeaders: captchaHeaders(siteConfig, lang),
        });
      }
    }
    const html = renderIndex(page, map, nonce, siteConfig, version);
    reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', NO_CACHE)
      .header('Content-Security-Policy', contentSecurityPolicy(nonce, frameOriginsOf(siteConfig)))
      .header('X-Frame-Options', 'SAMEORIGIN');
    return sendText(request, reply, html);
  }

  const compressedAssets = new Map<string, Buffer>();
  /** An uploaded bundle file (/assets/<bundle>/<upload>/<name>): immutable, from the deploy store. */
  async function sendAsset(request: FastifyRequest, reply: FastifyReply, path: string) {
    const asset = await ctx.deploy.store.asset(path);
    if (!asset) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', NO_CACHE)
        .send('not found');
    }
    const etag = `"${asset.integrity}"`;
    reply
      .header('Cache-Control', IMMUTABLE)
      .header('ETag', etag)
      .header('Content-Security-Policy', "default-src 'none'")
      .type(asset.type);
    if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
    reply.header('Vary', 'Accept-Encoding');
    const accepted = COMPRESSIBLE.test(asset.type)
      ? acceptedEncodings(request.headers['accept-encoding'])
      : [];
    const encoding = accepted[0];
    if (encoding) {
      // Uploaded files never change: each is compressed once per encoding and kept (a bounded cache).
      const key = `${encoding} ${path}`;
      let body = compressedAssets.get(key);
      if (!body) {
        body = compressText(asset.bytes, [encoding])?.body ?? asset.bytes;
        if (compressedAssets.size >= 200) compressedAssets.delete(compressedAssets.keys().next().value!);
        compressedAssets.set(key, body);
      }
      if (body !== asset.bytes) {
        return reply
          .header('Content-Encoding', encoding)
          .header('Content-Length', String(body.length))
          .send(body);
      }
    }
    return reply.header('Content-Length', String(asset.size)).send(asset.bytes);
  }

  const serve = async (request: FastifyRequest, reply: FastifyReply, tenantId: string | undefined) => {
    const rawPath = request.url.split('?')[0]!;
    if (rawPath === '/api' || rawPath.startsWith('/api/')) {
      return sendApiError(reply, new ApiError(404, t(request, 'notFound')));
    }
    let path: string;
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      return reply.code(400).type('text/plain; charset=utf-8').send('bad path');
    }
    if (path === '/embedded/station-report.html') {
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', NO_CACHE)
        .header('Content-Security-Policy', contentSecurityPolicy(randomBytes(16).toString('base64')))
        .send(REPORT_PAGE);
    }
    if (path.startsWith('/assets/')) return sendAsset(request, reply, path);
    if (!distDir) return reply.code(404).type('text/plain; charset=utf-8').send('not found');
    const file = safeJoin(distDir, path);
    if (!file) return reply.code(403).type('text/plain; charset=utf-8').send('forbidden path');
    if (path === '/' || path === '/index.html') return sendIndex(request, reply, tenantId);
    if (path === '/importmap.json') {
      const { map, version } = await ctx.deploy.served(pageTenant(request, tenantId));
      const etag = `"${version}"`;
      reply.type('application/json; charset=utf-8').header('Cache-Control', NO_CACHE).header('ETag', etag);
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return sendText(request, reply, JSON.stringify(map));
    }
    const stat = existsSync(file) ? statSync(file) : null;
    if (!stat?.isFile()) {
      // Deep links (no file extension) fall back to the app; missing files are 404; folders are never listed.
      const last = path.split('/').at(-1) ?? '';
      if (stat?.isDirectory() || !/\.[A-Za-z0-9]{1,8}$/.test(last))
        return sendIndex(request, reply, tenantId);
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', NO_CACHE)
        .send('not found');
    }
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    reply
      .header('Cache-Control', isVersioned(path) ? IMMUTABLE : NO_CACHE)
      .header('ETag', etag)
      .header('Last-Modified', stat.mtime.toUTCString())
      .type(contentType(file));
    reply.header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const variant = precompressed(file, acceptedEncodings(request.headers['accept-encoding']));
    if (variant) {
      reply.header('Content-Encoding', variant.encoding).header('Content-Length', String(variant.size));
      return reply.send(createReadStream(variant.file));
    }
    reply.header('Content-Length', String(stat.size));
    return reply.send(createReadStream(file));
  };

  app.get(
    '/*',
    {
      config: { auth: 'public' },
      schema: {
        // Other parameters of a page URL are the app's: kept, not checked.
        querystring: Type.Object({ tenantId: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (request, reply) => serve(request, reply, request.query.tenantId),
  );
}

/** An If-None-Match header names the ETag (a list, `*`, or weak forms count). */
function ifNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  return value.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The site config's `frameOrigins` (the console checks them on load; here only well-formed strings pass). */
function frameOriginsOf(siteConfig: unknown): string[] {
  const list = (siteConfig as { frameOrigins?: unknown } | null)?.frameOrigins;
  return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
}
