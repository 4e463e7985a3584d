import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppOptions } from '../src/index.ts';
import { type CallInit, fingerprint, startServer, type TestServer, writeFiles } from './helpers.ts';

export const DEPLOY_KEY = 'test-deploy-key-7f3a9c1e5b';
export const KEY = { Authorization: `Bearer ${DEPLOY_KEY}` };

export const sri = (bytes: string | Buffer) =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

export const NOTICES_JS = 'System.register([], function () { return { execute: function () {} } });';
export const BUILD_MAP = {
  imports: {
    react: '/deps/react.Rc12Ab34.js',
    '@ops/shared': '/shared/shared.Sh12Ab34.js',
    '@ops/notices': '/notices/notices.Nt12Ab34.js',
    '@ops/app-leave': '/apps/leave/leave.Lv12Ab34.js',
  },
  integrity: {
    '/deps/react.Rc12Ab34.js': sri('react'),
    '/shared/shared.Sh12Ab34.js': sri('shared'),
    '/notices/notices.Nt12Ab34.js': sri(NOTICES_JS),
    '/apps/leave/leave.Lv12Ab34.js': sri('leave'),
  },
};
export const BUNDLES = {
  shared: ['react', '@ops/shared'],
  bundles: [
    { name: '@ops/notices', dir: 'notices', entry: '/notices/notices.Nt12Ab34.js', files: [] },
    { name: '@ops/app-leave', dir: 'apps/leave', entry: '/apps/leave/leave.Lv12Ab34.js', files: [] },
  ],
};
/** The options of a server process a test starts with DB, DIST, MAPS and SITE in its environment. */
export const childOptions = (): AppOptions => ({
  dbPath: process.env.DB!,
  distDir: process.env.DIST!,
  importMapDir: process.env.MAPS!,
  siteConfigPath: process.env.SITE!,
  deployKey: DEPLOY_KEY,
  passwordCost: 1024,
});

/** The tenant pin file of 100001: the first version of its scope. */
export const SEED_100001 = { imports: { '@ops/app-leave': '/apps/leave/leave.hydro.js' } };
export const HYDRO_LEAVE = 'console.log("hydro leave")';

const INDEX = `<!doctype html><html><head><title>console</title>
<script type="systemjs-importmap">{}</script>
</head><body></body></html>`;

/**
 * A remote origin on the allowlist: fixed answers by path, and `/slow-*.js` held until `release()` (two
 * requests can be made to wait for each other without timers).
 */
export class Origin {
  readonly server: Server;
  url = '';
  private held: ServerResponse[] = [];
  private waiters: (() => void)[] = [];
  readonly hits: string[] = [];

  constructor() {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => this.answer(req, res));
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  }

  /** Resolves when `count` slow requests are held. */
  async heldCount(count: number) {
    while (this.held.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  release() {
    for (const res of this.held.splice(0))
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(res.req.url);
  }

  private answer(req: IncomingMessage, res: ServerResponse) {
    const path = req.url ?? '/';
    this.hits.push(path);
    if (path.startsWith('/slow-')) {
      this.held.push(res);
      for (const wake of this.waiters.splice(0)) wake();
      return;
    }
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': type, ...headers }).end(body);
    switch (path) {
      case '/lib/ok.js':
        return send(200, 'application/javascript; charset=utf-8', 'console.log("remote")');
      case '/lib/style.css':
        return send(200, 'text/css', 'body{margin:0}');
      case '/lib/page':
        return send(200, 'text/html; charset=utf-8', '<!doctype html><html><body>login</body></html>');
      case '/lib/disguised.js':
        return send(200, 'text/javascript', '<!DOCTYPE html><html><body>sign in</body></html>');
      case '/lib/data.json':
        return send(200, 'application/json', '{"a":1}');
      case '/lib/moved.js':
        return send(302, 'text/plain', '', { location: '/lib/ok.js' });
      case '/lib/error.js':
        return send(500, 'text/plain', 'boom');
      case '/lib/huge.js': {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        let sent = 0;
        const pump = () => {
          while (sent < 12) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return pump();
      }
      case '/lib/hang.js':
        return; // never answers
      default:
        return send(404, 'text/plain', 'not found');
    }
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface DeployWorld {
  s: TestServer;
  root: string;
  dist: string;
  origin: Origin;
  admin: string;
  dispose(): Promise<void>;
}

/** A built dist/ (with bundles.json unless told not), a tenant pin file, an allowlisted origin, a server. */
export async function deployWorld(
  opts: { manifest?: boolean; options?: Partial<AppOptions>; login?: boolean } = {},
): Promise<DeployWorld> {
  const root = mkdtempSync(join(tmpdir(), 'ops-deploy-'));
  const dist = join(root, 'dist');
  const maps = join(root, 'tenants');
  writeFiles(dist, {
    'index.html': INDEX,
    'importmap.json': JSON.stringify(BUILD_MAP),
    ...(opts.manifest === false ? {} : { 'bundles.json': JSON.stringify(BUNDLES) }),
    'deps/react.Rc12Ab34.js': 'react',
    'shared/shared.Sh12Ab34.js': 'shared',
    'notices/notices.Nt12Ab34.js': NOTICES_JS,
    'notices/notices.Nt99Zz00.js': 'console.log("notices 2")',
    'notices/notices.css': '.n{color:var(--x)}',
    'notices/help.html': '<!doctype html><html><body>help</body></html>',
    'notices/readme.txt': 'text',
    'apps/leave/leave.Lv12Ab34.js': 'leave',
    'apps/leave/leave.hydro.js': HYDRO_LEAVE,
  });
  writeFiles(maps, { '100001.json': JSON.stringify(SEED_100001), 'notes.txt': 'not a tenant file' });
  const origin = new Origin();
  await origin.start();
  const siteConfig = join(root, 'site-config.json');
  writeFileSync(
    siteConfig,
    JSON.stringify({ aesKey: 'Hz6Q2pRt8LwX4vNb', deployOrigins: [origin.url, 'not a url'] }),
  );
  const s = await startServer({
    distDir: dist,
    importMapDir: maps,
    siteConfigPath: siteConfig,
    deployKey: DEPLOY_KEY,
    // Long enough to read the 12 MB of /lib/huge.js up to the cap on a busy machine; /lib/hang.js waits it out.
    deployFetchTimeoutMs: 3000,
    ...opts.options,
  });
  const admin = opts.login === false ? '' : (await s.login('000000', 'admin', 'admin123')).access_token;
  return {
    s,
    root,
    dist,
    origin,
    admin,
    async dispose() {
      await s.close();
      await origin.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A call with the deploy key (and more headers). */
export function withKey(init: CallInit = {}): CallInit {
  return { ...init, headers: { ...KEY, ...init.headers } };
}

/** The entry URL of a scope's specifier (URL-encoded already). */
export const entryUrl = (scope: string, specifier: string) =>
  `/api/deploy/importmap/${scope}/imports/${specifier}`;

/** Calls of the world `world()` with the deploy key: a scope's version, a pin, a tenant's served map. */
export function deployCalls(world: () => DeployWorld) {
  return {
    version: async (scope: string) =>
      (await world().s.call('GET', `/api/deploy/importmap?scope=${scope}`, withKey())).json.data
        .version as string,
    pin: (scope: string, specifier: string, ifMatch: string | null, body: object, lang?: string) =>
      world().s.call(
        'PUT',
        entryUrl(scope, specifier),
        withKey({
          headers: { ...(ifMatch ? { 'If-Match': `"${ifMatch}"` } : {}), 'Hz-Language': lang ?? 'en_US' },
          body,
        }),
      ),
    served: (tenant: string) => world().s.call('GET', `/importmap.json?tenantId=${tenant}`),
  };
}

/** The deploy tables (and every other): equal before and after means nothing changed. */
export const snapshot = fingerprint;

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  bytes?: Buffer | string;
  type?: string;
}

/** A multipart/form-data body as a browser or curl sends it. */
export function multipartBody(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----ops${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition =
      p.filename === undefined
        ? `form-data; name="${p.name}"`
        : `form-data; name="${p.name}"; filename="${p.filename.replace(/"/g, '%22')}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (p.filename !== undefined) head.push(`Content-Type: ${p.type ?? 'application/octet-stream'}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(p.bytes) ? p.bytes : Buffer.from(p.bytes ?? p.value ?? ''));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function upload(s: TestServer, parts: Part[], headers: Record<string, string> = KEY) {
  const { body, contentType } = multipartBody(parts);
  const res = await fetch(`${s.url}/api/deploy/assets`, {
    method: 'POST',
    headers: { ...headers, 'content-type': contentType },
    body,
  });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text), headers: res.headers };
}

/**
 * Streams a large upload over a raw socket and stops writing as soon as the server answers: the status,
 * the answer's body and how many bytes were written by then (a server that read or buffered everything
 * would answer only after all of them). Chunked when no length is declared.
 */
export function streamUpload(
  url: string,
  totalBytes: number,
  opts: { declareLength: boolean },
): Promise<{ status: number; written: number; body: string }> {
  const boundary = '----opsstream';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="bundle"\r\n\r\n@ops/notices\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.js"\r\nContent-Type: text/javascript\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const u = new URL(url);
  const lines = [
    'POST /api/deploy/assets HTTP/1.1',
    `Host: ${u.host}`,
    `Authorization: ${KEY.Authorization}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`,
    opts.declareLength
      ? `Content-Length: ${head.length + totalBytes + tail.length}`
      : 'Transfer-Encoding: chunked',
  ];
  const frame = (b: Buffer) =>
    opts.declareLength
      ? b
      : Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]);
  return new Promise((resolve) => {
    let written = 0;
    let answer = '';
    const socket = connect(Number(u.port), u.hostname, () => {
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      socket.write(frame(head));
      pump();
    });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = () => {
      while (!answer && written < totalBytes && !socket.destroyed) {
        written += chunk.length;
        if (!socket.write(frame(chunk))) return void socket.once('drain', pump);
      }
      if (!answer && !socket.destroyed)
        socket.write(
          Buffer.concat([frame(tail), opts.declareLength ? Buffer.alloc(0) : Buffer.from('0\r\n\r\n')]),
        );
    };
    const done = () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, written, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
      socket.destroy();
    };
    socket.on('data', (d) => {
      answer += d.toString();
      const end = answer.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(answer)?.[1] ?? 'NaN');
      // The whole answer is in: stop (the client gives up on the rest of its upload).
      if (end >= 0 && Buffer.byteLength(answer.slice(end + 4)) >= length) done();
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
  });
}
