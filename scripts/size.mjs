// `npm run size`: bytes per import-map entry (raw and gzip, with the chunks it imports) and the
// JavaScript the login page loads, as JSON. Budget P1 (QUALITY.md): login page <= 150 KB gzip;
// P2: the lazy libraries and the assistant / remote-control parcels stay off that path.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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
  for (const url of urls) {
    const data = readFileSync(path.join(dist, url));
    raw += data.length;
    gzip += gzipSync(data).length;
  }
  return { raw, gzip };
};

const entries = {};
for (const [name, url] of Object.entries(imports).sort(([a], [b]) => a.localeCompare(b))) {
  if (typeof url !== 'string' || !url.startsWith('/')) continue;
  const own = sizeOf([url]);
  const withImports = sizeOf(staticGraph(dist, imports, [name]));
  entries[name] = { url, raw: own.raw, gzip: own.gzip, withImports };
}

// What the login page runs today: the root config, the shell and every parcel the shell mounts.
const LOGIN_ROOTS = [
  '@ops/root-config',
  '@ops/shell',
  '@ops/notices',
  '@ops/remote-control',
  '@ops/assistant',
];
const loginFiles = [SYSTEMJS_URL, ...staticGraph(dist, imports, LOGIN_ROOTS)];
const loginPage = sizeOf(loginFiles);
const mustBeLazy = [
  ...SHARED.filter((d) => d.lazy).map((d) => d.name),
  '@ops/assistant',
  '@ops/remote-control',
];
const lazyOnPath = mustBeLazy.filter((name) => loginFiles.includes(imports[name]));

const budgetGzip = 150 * 1024;
const report = {
  entries,
  loginPage: {
    roots: LOGIN_ROOTS,
    files: loginFiles.length,
    raw: loginPage.raw,
    gzip: loginPage.gzip,
    budgetGzip,
    withinBudget: loginPage.gzip <= budgetGzip,
    mustBeLazyButLoaded: lazyOnPath,
  },
};
console.log(JSON.stringify(report, null, 2));
