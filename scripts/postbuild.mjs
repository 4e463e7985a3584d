// After rollup: vendor files, public assets, the frame stylesheet, the import map with an integrity entry
// for every file, and index.html with the map inlined and preload hints for the first screen.
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { transform } from 'esbuild';
import {
  APEXCHARTS_CSS,
  FIRST_SCREEN_STYLESHEETS,
  PDFJS_WORKER_URL,
  SHOELACE_BASE,
  SYSTEMJS_URL,
} from './build-config.mjs';
import { writeBuildManifest } from './bundles-manifest.mjs';
import { precompress } from './compress.mjs';
import { firstScreenBundle } from './first-screen-bundle.mjs';
import { staticGraph } from './module-graph.mjs';
import { prerenderLogin } from './prerender-login.mjs';

const dev = Boolean(process.env.OPS_DEV);
const dist = 'dist';
const sha384 = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

// Vendor files, under versioned paths so they can be cached for a year.
const systemjsDir = path.join(dist, path.posix.dirname(SYSTEMJS_URL));
mkdirSync(systemjsDir, { recursive: true });
for (const file of ['system.min.js', 'system.min.js.map']) {
  cpSync(path.join('node_modules/systemjs/dist', file), path.join(systemjsDir, file));
}
const shoelaceDir = path.join(dist, SHOELACE_BASE);
mkdirSync(path.join(shoelaceDir, 'themes'), { recursive: true });
cpSync(
  'node_modules/@shoelace-style/shoelace/dist/themes/light.css',
  path.join(shoelaceDir, 'themes/light.css'),
);
cpSync('node_modules/@shoelace-style/shoelace/dist/assets', path.join(shoelaceDir, 'assets'), {
  recursive: true,
});

const pdfWorker = path.join(dist, PDFJS_WORKER_URL);
mkdirSync(path.dirname(pdfWorker), { recursive: true });
cpSync('node_modules/pdfjs-dist/build/pdf.worker.min.mjs', pdfWorker);
for (const sheet of APEXCHARTS_CSS) {
  mkdirSync(path.dirname(path.join(dist, sheet.url)), { recursive: true });
  cpSync(sheet.from, path.join(dist, sheet.url));
}

// Public assets (favicon, site config, images) keep their names.
if (existsSync('public')) cpSync('public', dist, { recursive: true });

// The frame stylesheet (theme tokens, page frame, boot frame) is inlined into index.html: the first paint
// needs it, and a request for it would queue behind the first screen's preloads.
const frameSource = readFileSync('root-config/src/frame.css', 'utf8');
const frameCss = dev ? frameSource : (await transform(frameSource, { loader: 'css', minify: true })).code;
if (/<\/style/i.test(frameCss)) throw new Error('postbuild: frame.css must not contain "</style"');

// The import map: what importmap/importmap.json names by hand, then every built entry.
const base = JSON.parse(readFileSync('importmap/importmap.json', 'utf8'));
const imports = { ...base.imports };
const manifests = path.join(dist, '.build');
for (const file of readdirSync(manifests).sort()) {
  Object.assign(imports, JSON.parse(readFileSync(path.join(manifests, file), 'utf8')));
}
rmSync(manifests, { recursive: true });

const integrity = {};
for (const file of walk(dist)) {
  if (!/\.(js|css)$/.test(file)) continue;
  integrity[`/${path.relative(dist, file).split(path.sep).join('/')}`] = sha384(readFileSync(file));
}
const importMap = { imports, scopes: base.scopes ?? {}, integrity };
writeFileSync(path.join(dist, 'importmap.json'), `${JSON.stringify(importMap, null, 2)}\n`);
// The build manifest (dist/bundles.json): each bundle's entry and files, and what every bundle shares.
writeBuildManifest(dist, imports);

// index.html: the map inline (one request fewer), stylesheets, and preloads of the first screen's code.
const firstScreen = staticGraph(dist, imports, ['@ops/root-config', '@ops/shell']);
const attr = (value) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
// The first screen's own stylesheets, held by its components once they render, are in the page inline:
// six requests fewer while the first screen's script loads (on two cores the browser's work for each
// request delayed the script's arrival by about 30 ms in all; issue 9's A/B, P0 median 256 -> 232 ms).
// Each copy is inert (`media="not all"`) until a component holds the sheet at the URL it was built at
// (`holdStylesheet` in @ops/shared); a bundle deployed at a new URL links its own sheet as usual.
const firstScreenCss = FIRST_SCREEN_STYLESHEETS.map((base) => {
  const dir = path.posix.dirname(base);
  const name = readdirSync(path.join(dist, dir)).find(
    (file) => file.endsWith('.css') && file.slice(0, file.indexOf('.')) === path.posix.basename(base),
  );
  if (!name) throw new Error(`postbuild: no built stylesheet for ${base}`);
  return `${dir}/${name}`;
});
// The first screen's modules in one script (scripts/first-screen-bundle.mjs), run after SystemJS and before
// the page's System.import: one request instead of one per module, each file still deployable on its own.
const bundleText = firstScreenBundle(dist, firstScreen);
const bundleUrl = `/first-screen.${createHash('sha256').update(bundleText).digest('base64url').slice(0, 10)}.js`;
writeFileSync(path.join(dist, bundleUrl), bundleText);
const inlineSheet = (url) => {
  const css = readFileSync(path.join(dist, url), 'utf8')
    .replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')
    .trim();
  if (/<\/style/i.test(css)) throw new Error(`postbuild: ${url} must not contain "</style"`);
  return `<style data-ops-sheet="${attr(url)}" media="not all">${css}</style>`;
};
const preloads = [
  `<script defer fetchpriority="high" src="${bundleUrl}" integrity="${sha384(bundleText)}"></script>`,
  ...firstScreenCss.map(inlineSheet),
].join('\n    ');
// The frame's tokens; Shoelace's theme is linked before this style when Shoelace first loads
// (root-config/deps/shoelace.ts), so the frame's mapping of Shoelace's tokens to the console's wins.
const stylesheets = `<style id="ops-frame-style">${frameCss}</style>`;
const html = readFileSync('root-config/index.html', 'utf8')
  .replace('<!-- @build:stylesheets -->', stylesheets)
  .replace('<!-- @build:preload -->', preloads)
  .replace(/<script type="systemjs-importmap">[\s\S]*?<\/script>/, () => {
    const json = JSON.stringify(importMap).replaceAll('<', '\\u003c');
    return `<script type="systemjs-importmap">${json}</script>`;
  })
  .replace(
    `<script defer src="${SYSTEMJS_URL}">`,
    // Every module waits for SystemJS: it must not queue behind the preloads (a deferred script is
    // fetched at low priority).
    `<script defer fetchpriority="high" src="${SYSTEMJS_URL}" integrity="${attr(integrity[SYSTEMJS_URL])}">`,
  );
writeFileSync(path.join(dist, 'index.html'), html);

// The login page's markup for the server to send in the HTML (issue 31).
await prerenderLogin(dist);

const compressed = precompress(dist);
console.log(
  `built ${Object.keys(imports).length} import-map entries, ${Object.keys(integrity).length} files, ${compressed} precompressed`,
);
