// The login bench's floors: the same sign-in form as one static HTML page (static-login.html), and that
// page's head with the form rendered by React from one plain script (react-login.jsx, bundled here with
// esbuild), served on their own loopback port by a tiny server, gzipped for clients that accept it, as the
// console's page is.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Builds the floor pages and answers a server (not yet listening) that serves them at /login and /react-login. */
export async function createFloorServer() {
  const floorText = readFileSync(new URL('./static-login.html', import.meta.url), 'utf8');
  const reactScript = await build({
    entryPoints: [new URL('./react-login.jsx', import.meta.url).pathname],
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const reactHtml = floorText.replace(
    /<body>[\s\S]*<\/body>/,
    '<body>\n    <script defer src="/react-login.js"></script>\n  </body>',
  );
  const FLOOR_FILES = new Map(
    [
      ['/login', 'text/html; charset=utf-8', floorText],
      ['/react-login', 'text/html; charset=utf-8', reactHtml],
      ['/react-login.js', 'text/javascript; charset=utf-8', reactScript.outputFiles[0].text],
    ].map(([path, type, text]) => {
      const raw = Buffer.from(text);
      return [path, { type, raw, gzip: gzipSync(raw) }];
    }),
  );
  return createServer((req, res) => {
    const file = FLOOR_FILES.get(req.url ?? '');
    if (!file) {
      res.writeHead(404, { 'content-length': 0 });
      res.end();
      return;
    }
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gzip ? file.gzip : file.raw;
    res.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(body);
  });
}
