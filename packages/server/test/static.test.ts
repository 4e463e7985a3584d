import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { contentSecurityPolicy } from '../src/static/importmap.ts';
import { DEMO_SOCIAL_PROVIDER, siteConfigForPage } from '../src/static/site-config.ts';
import { startServer, type TestServer, writeFiles } from './helpers.ts';

const BASE_MAP = {
  imports: {
    '@ops/shell': '/js/shell.Ab12Cd34.js',
    '@ops/app-station-monitor': '/js/station-monitor.Zx98Yw76.js',
  },
  integrity: {
    '/js/shell.Ab12Cd34.js': 'sha384-base-shell',
    '/js/station-monitor.Zx98Yw76.js': 'sha384-base-sm',
  },
};
const INDEX = `<!doctype html><html><head><title>console</title>
<script type="systemjs-importmap">${JSON.stringify(BASE_MAP)}</script>
<script src="/systemjs@6.15.1/system.min.js"></script>
<script nonce="stale" src="/js/root-config.js"></script>
</head><body><script>System.import('@ops/shell')</script></body></html>`;

/** Raw GET so that paths like /../ reach the server unnormalised. */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function inlineMap(html: string) {
  const m = /<script nonce="[^"]+" type="systemjs-importmap">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, 'the inline import map is present with a nonce');
  return JSON.parse(m[1]!);
}

describe('static host', () => {
  let s: TestServer;
  let root: string;
  const tenantJs = 'console.log("hydro pin")';
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'ops-dist-'));
    const dist = join(root, 'dist');
    const maps = join(root, 'importmap');
    writeFiles(dist, {
      'index.html': INDEX,
      'importmap.json': JSON.stringify(BASE_MAP),
      'js/shell.Ab12Cd34.js': 'console.log("shell")',
      'js/chunk-B__NF47t.js': 'console.log("shared chunk")',
      'js/chunk-helpers.js': 'console.log("not a hash")',
      'js/station-monitor.Zx98Yw76.js': 'console.log("sm")',
      'js/hydro-monitor.js': tenantJs,
      'js/root-config.js': 'console.log("root")',
      'js/react-dom.production.js': '/* not hashed */',
      'systemjs@6.15.1/system.min.js': '/* systemjs */',
      'site-config.json': '{"aesKey":"Hz6Q2pRt8LwX4vNb"}',
    });
    writeFiles(root, { 'secret.txt': 'top secret' });
    writeFiles(maps, {
      '100001.json': JSON.stringify({ imports: { '@ops/app-station-monitor': '/js/hydro-monitor.js' } }),
      '100002.json': JSON.stringify({
        imports: { '@ops/shell': 'https://cdn.example/shell.js' },
        integrity: { 'https://cdn.example/shell.js': 'sha384-pinned' },
      }),
    });
    s = await startServer({ distDir: dist, importMapDir: maps });
  });
  after(async () => {
    await s.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("lets the iframe route embed the site config's frame origins, and nothing that is not an origin", () => {
    const csp = contentSecurityPolicy('n', [
      'https://report.example.com',
      'x; script-src *',
      'http://10.0.0.8:8080',
    ]);
    assert.ok(csp.includes("frame-src 'self' https://report.example.com http://10.0.0.8:8080;"), csp);
    assert.ok(!csp.includes('script-src *'));
  });

  it('serves index.html with a strict CSP whose nonce is on every script tag and fresh per response', async () => {
    const a = await s.call('GET', '/');
    const b = await s.call('GET', '/');
    assert.equal(a.status, 200);
    assert.match(a.headers.get('content-type')!, /text\/html/);
    assert.equal(a.headers.get('cache-control'), 'no-cache');
    const csp = a.headers.get('content-security-policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    assert.match(csp, /script-src 'nonce-[^']+' 'strict-dynamic'/);
    for (const part of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
      "default-src 'self'",
      "connect-src 'self' data: ws: wss:",
      "frame-src 'self';",
    ]) {
      assert.ok(csp.includes(part), part);
    }
    const tags = a.text.match(/<script\b[^>]*>/g)!;
    assert.equal(tags.length, 5, 'four script tags and the embedded site config');
    const embedded =
      /<script nonce="[^"]+" type="application\/json" id="ops-site-config">([^<]*)<\/script>/.exec(a.text);
    assert.ok(embedded, 'the site config is embedded as a JSON data block');
    // Outside production the server's simulated social provider is offered (docs/api.md), and the page
    // learns it is not production (it loads its developer tools); without a speech provider it is given
    // the server's speech emulator (speech.test.ts checks its credentials).
    const { speech, ...served } = JSON.parse(embedded[1]!);
    assert.deepEqual(served, {
      aesKey: 'Hz6Q2pRt8LwX4vNb',
      production: false,
      socialProviders: [DEMO_SOCIAL_PROVIDER],
    });
    assert.equal(speech.url, '/api/speech-emulator/v2/iat');
    for (const tag of tags) assert.ok(tag.includes(`nonce="${nonce}"`), tag);
    assert.ok(!a.text.includes('nonce="stale"'));
    const nonceB = /'nonce-([^']+)'/.exec(b.headers.get('content-security-policy')!)![1]!;
    assert.notEqual(nonce, nonceB);
    assert.deepEqual(inlineMap(a.text), BASE_MAP);
  });

  it("sends the build's precompressed file for the best accepted encoding, and the page compressed", async () => {
    const source = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    const file = join(root, 'dist/js/big.Qw12Er34.js');
    writeFileSync(file, source);
    writeFileSync(`${file}.br`, brotliCompressSync(source));
    writeFileSync(`${file}.gz`, gzipSync(source));
    const get = (encoding?: string) =>
      s.app.inject({
        method: 'GET',
        url: '/js/big.Qw12Er34.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });

    const br = await get('gzip, deflate, br');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers.vary, 'Accept-Encoding');
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), source);
    const gz = await get('gzip;q=1, br;q=0');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), source);
    const plain = await get();
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.payload, source);
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable');

    const page = await s.app.inject({ method: 'GET', url: '/index', headers: { 'accept-encoding': 'br' } });
    assert.equal(page.headers['content-encoding'], 'br');
    assert.ok(brotliDecompressSync(page.rawPayload).toString().includes('systemjs-importmap'));
  });

  it('falls back to index.html for deep links, but not for missing files or API paths', async () => {
    const deep = await s.call('GET', '/station-monitor/overview/index?x=1');
    assert.equal(deep.status, 200);
    assert.ok(deep.text.includes('systemjs-importmap'));
    assert.ok(deep.headers.get('content-security-policy'));
    const missing = await s.call('GET', '/js/missing.js');
    assert.equal(missing.status, 404);
    const api = await s.call('GET', '/api/blade-system/nothing-here');
    assert.equal(api.status, 404);
    assert.equal(api.json.success, false);
    assert.ok(api.json.msg);
  });

  it('caches versioned files immutably and the rest with no-cache', async () => {
    const hashed = await s.call('GET', '/js/shell.Ab12Cd34.js');
    assert.equal(hashed.status, 200);
    assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(hashed.headers.get('content-type')!, /javascript/);
    // The build's shared chunks (`chunk-<hash>.js`) are named by content too.
    const chunk = await s.call('GET', '/js/chunk-B__NF47t.js');
    assert.equal(chunk.status, 200);
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    const versionedDir = await s.call('GET', '/systemjs@6.15.1/system.min.js');
    assert.equal(versionedDir.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    for (const path of [
      '/js/root-config.js',
      '/js/react-dom.production.js',
      '/js/chunk-helpers.js',
      '/site-config.json',
      '/importmap.json',
    ]) {
      const res = await s.call('GET', path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers.get('cache-control'), 'no-cache', path);
    }
    const etag = hashed.headers.get('etag')!;
    const revalidate = await s.call('GET', '/js/shell.Ab12Cd34.js', { headers: { 'If-None-Match': etag } });
    assert.equal(revalidate.status, 304);
  });

  it('composes the tenant import map from ?tenantId=, computing integrity for unpinned local overrides', async () => {
    const res = await s.call('GET', '/index?tenantId=100001');
    const map = inlineMap(res.text);
    assert.equal(map.imports['@ops/app-station-monitor'], '/js/hydro-monitor.js');
    assert.equal(map.imports['@ops/shell'], BASE_MAP.imports['@ops/shell']);
    const expected = `sha384-${createHash('sha384').update(tenantJs).digest('base64')}`;
    assert.equal(map.integrity['/js/hydro-monitor.js'], expected);
    assert.equal(map.integrity['/js/shell.Ab12Cd34.js'], 'sha384-base-shell');
    const json = await s.call('GET', '/importmap.json?tenantId=100001');
    assert.deepEqual(json.json, map);
  });

  it('uses the ops-tenant cookie set at login, keeps pinned integrity, and ignores hostile tenant ids', async () => {
    const viaCookie = await s.call('GET', '/importmap.json', { headers: { Cookie: 'ops-tenant=100002' } });
    assert.equal(viaCookie.json.imports['@ops/shell'], 'https://cdn.example/shell.js');
    assert.equal(viaCookie.json.integrity['https://cdn.example/shell.js'], 'sha384-pinned');
    const amongOthers = await s.call('GET', '/importmap.json', {
      headers: { Cookie: 'theme=dark; ops-tenant=100002; lang=en' },
    });
    assert.deepEqual(amongOthers.json, viaCookie.json);
    const hostileCookie = await s.call('GET', '/importmap.json', { headers: { Cookie: 'ops-tenant=../x' } });
    assert.deepEqual(hostileCookie.json, BASE_MAP);
    const hostile = await s.call('GET', '/importmap.json?tenantId=../../secret');
    assert.deepEqual(hostile.json, BASE_MAP);
    const none = await s.call('GET', '/importmap.json?tenantId=999999');
    assert.deepEqual(none.json, BASE_MAP);
  });

  it('refuses path traversal and never lists folders', async () => {
    for (const path of [
      '/../secret.txt',
      '/js/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/js/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00index.html',
    ]) {
      const res = await rawGet(s.url, path);
      assert.ok(res.status === 403 || res.status === 404 || res.status === 400, `${path} -> ${res.status}`);
      assert.ok(!res.body.includes('top secret'), path);
    }
    const folder = await s.call('GET', '/js/');
    // A folder answers the app (deep-link fallback), never a listing of its files.
    assert.ok(folder.text.includes('systemjs-importmap'));
    assert.ok(!folder.text.includes('hydro-monitor.js'));
    const hidden = await rawGet(s.url, '/.env');
    assert.notEqual(hidden.status, 200);
    const bad = await rawGet(s.url, '/%E0%A4%A');
    assert.equal(bad.status, 400);
  });

  it('serves the embedded report page of the iframe menu entry', async () => {
    const res = await s.call('GET', '/embedded/station-report.html');
    assert.equal(res.status, 200);
    assert.ok(res.headers.get('content-security-policy'));
    assert.ok(res.text.includes('运行日报'));
  });
});

describe('site config for the page', () => {
  const file = { aesKey: 'Hz6Q2pRt8LwX4vNb' };
  const wechat = { source: 'wechat', name: 'WeChat', authorizeUrl: 'https://open.example.com/connect' };

  it('offers the simulated provider only outside production, and only when the file lists none', () => {
    assert.deepEqual(siteConfigForPage(file, false), {
      ...file,
      production: false,
      socialProviders: [DEMO_SOCIAL_PROVIDER],
    });
    assert.deepEqual(
      siteConfigForPage(file, true),
      { ...file, production: true },
      'production: the file as it is',
    );
    const listed = { ...file, socialProviders: [wechat] };
    assert.deepEqual(siteConfigForPage(listed, false), { ...listed, production: false });
  });

  it('says whether the server runs in production, whatever the file claims', () => {
    const claims = { ...file, production: false };
    assert.equal((siteConfigForPage(claims, true) as { production: boolean }).production, true);
    assert.equal(
      (siteConfigForPage({ ...file, production: true }, false) as { production: boolean }).production,
      false,
    );
  });

  it('leaves a missing or malformed file to the page (which then fetches and reports it)', () => {
    assert.equal(siteConfigForPage(undefined, false), undefined);
    assert.deepEqual(siteConfigForPage([1], false), [1]);
  });
});
