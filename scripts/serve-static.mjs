// A plain static host for dist/: deep links fall back to index.html, versioned files are cached for a
// year, HTML and maps are revalidated. The reference server (packages/server) does the same and more;
// this one stays for checking a build without a database.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const VERSIONED = /(\.[A-Za-z0-9_-]{8,}\.(js|css|map)$)|\/[^/]+@\d+\.\d+\.\d+[^/]*\//;

export function serveStatic({ dir = 'dist', port = 8080, host = '127.0.0.1' } = {}) {
  const root = path.resolve(dir);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let file = path.join(root, decodeURIComponent(url.pathname));
    if (!file.startsWith(root)) {
      res.writeHead(400).end('Bad path');
      return;
    }
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (path.extname(url.pathname)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      file = path.join(root, 'index.html');
    }
    const ext = path.extname(file);
    const cache = VERSIONED.test(url.pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': cache });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '127.0.0.1';
  await serveStatic({ port, host });
  console.log(`Operations console (static build) at http://${host}:${port}/`);
}
