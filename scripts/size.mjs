// `npm run size`: bytes per import-map entry (raw and gzip, with the chunks it imports) and the
// JavaScript the login page loads, as JSON. Budget P1 (QUALITY.md): login page <= 150 KB gzip;
// P2: the lazy libraries and the assistant / remote-control parcels stay off that path.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { SHARED, SYSTEMJS_URL } from './build-config.mjs';
import { staticGraph } from './module-graph.mjs';

const dist = 'dist';
if (!existsSync(path.join(dist, 'importmap.json'))) {
  console.error('No dist/importmap.json: run npm run build first.');
  process.exit(1);
}
const { imports } = JSON.parse(readFileSync(path.join(dist, 'importmap.json'), 'utf8'));

const sizeOf = (urls) => {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const url of urls) {
    const data = readFileSync(path.join(dist, url));
    raw += data.length;
    gzip += gzipSync(data).length;
    // What the server sends to browsers: the build's precompressed .br file.
    const br = path.join(dist, `${url}.br`);
    brotli += existsSync(br) ? readFileSync(br).length : brotliCompressSync(data).length;
  }
  return { raw, gzip, brotli };
};

const entries = {};
for (const [name, url] of Object.entries(imports).sort(([a], [b]) => a.localeCompare(b))) {
  if (typeof url !== 'string' || !url.startsWith('/')) continue;
  const own = sizeOf([url]);
  const withImports = sizeOf(staticGraph(dist, imports, [name]));
  entries[name] = { url, raw: own.raw, gzip: own.gzip, withImports };
}

const budgetGzip = 150 * 1024;
const mustBeLazy = [
  ...SHARED.filter((d) => d.lazy).map((d) => d.name),
  '@ops/assistant',
  '@ops/remote-control',
];

/** What a page whose code starts from `roots` fetches before it runs, and what of it should be lazy. */
function pathReport(roots) {
  const files = [SYSTEMJS_URL, ...staticGraph(dist, imports, roots)];
  const { raw, gzip, brotli } = sizeOf(files);
  return {
    roots,
    files: files.length,
    raw,
    gzip,
    brotli,
    mustBeLazyButLoaded: mustBeLazy.filter((n) => files.includes(imports[n])),
  };
}

/**
 * The login page runs the root config and the shell (public pages mount no parcel). Their modules come in
 * one script, the first-screen bundle index.html loads after SystemJS (scripts/first-screen-bundle.mjs):
 * what the page transfers is SystemJS and that file; `separately` is the same modules as files of their own.
 */
function loginReport() {
  const roots = ['@ops/root-config', '@ops/shell'];
  const modules = pathReport(roots);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const bundle = /<script\b[^>]*\ssrc="(\/first-screen\.[\w-]+\.js)"/.exec(html)?.[1];
  if (!bundle) return modules;
  const { raw, gzip, brotli } = sizeOf([SYSTEMJS_URL, bundle]);
  return {
    ...modules,
    files: 2,
    modules: modules.files - 1,
    raw,
    gzip,
    brotli,
    separately: { raw: modules.raw, gzip: modules.gzip, brotli: modules.brotli },
  };
}

// The chrome adds the parcels the shell mounts in its slots (the assistant's only on the robot's first
// click, the remote control's only with the first remote-control:open: neither is on the path).
const loginPage = loginReport();
const report = {
  entries,
  loginPage: { ...loginPage, budgetGzip, withinBudget: loginPage.gzip <= budgetGzip },
  chrome: pathReport(['@ops/root-config', '@ops/shell', '@ops/notices']),
};
console.log(JSON.stringify(report, null, 2));
