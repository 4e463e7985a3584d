// What the build produces, in one place: rollup.config.mjs, the post-build step and the size report
// all read it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const version = (pkg) =>
  JSON.parse(readFileSync(new URL(`../node_modules/${pkg}/package.json`, import.meta.url))).version;

export const SHOELACE_VERSION = version('@shoelace-style/shoelace');
export const SYSTEMJS_VERSION = version('systemjs');
export const SHOELACE_BASE = `/vendor/shoelace@${SHOELACE_VERSION}`;
export const SYSTEMJS_URL = `/vendor/systemjs@${SYSTEMJS_VERSION}/system.min.js`;
export const PDFJS_WORKER_URL = `/vendor/pdfjs-dist@${version('pdfjs-dist')}/pdf.worker.min.mjs`;
/** ApexCharts' stylesheets, served as published (its package exports no CSS entry to import). */
export const APEXCHARTS_CSS = ['apexcharts.css', 'apexcharts-legend.css'].map((file) => ({
  from: `node_modules/apexcharts/dist/${file}`,
  url: `/vendor/apexcharts@${version('apexcharts')}/${file}`,
}));

/**
 * The part of RxJS the login page needs (the bus, the session and lock stores): `@ops/rxjs-core`, built
 * with `rxjs` in one build so both share the same classes. A console bundle whose imports from 'rxjs' are
 * all in this list imports `@ops/rxjs-core` instead (scripts/rxjs-core.mjs); any other import keeps the
 * whole of `rxjs`, which loads only when such a bundle does. Keep it small: a name here that converts
 * inputs (`from`, `takeUntil`, `firstValueFrom`...) brings most of RxJS's internals with it.
 */
export const RXJS_CORE = [
  'Observable',
  'Subject',
  'BehaviorSubject',
  'ReplaySubject',
  'Subscription',
  'map',
  'filter',
  'distinctUntilChanged',
];

/**
 * Shared dependencies: one copy each, served through the import map, `external` everywhere else.
 * `cjs` entries re-export every key of a CommonJS module; `hasDefault` ESM entries re-export the default.
 */
export const SHARED = [
  { name: 'react', file: 'react', cjs: true },
  { name: 'react/jsx-runtime', file: 'react-jsx-runtime', cjs: true },
  { name: 'react-dom', file: 'react-dom', cjs: true },
  { name: 'react-dom/client', file: 'react-dom-client', cjs: true },
  { name: 'single-spa', file: 'single-spa' },
  { name: 'single-spa-react', file: 'single-spa-react', hasDefault: true },
  { name: 'single-spa-react/parcel', file: 'single-spa-react-parcel', hasDefault: true },
  { name: 'rxjs', file: 'rxjs' },
  { name: '@ops/rxjs-core', file: 'rxjs-core', reexports: { from: 'rxjs', names: () => RXJS_CORE } },
  { name: 'i18next', file: 'i18next', hasDefault: true },
  { name: 'axios', file: 'axios', hasDefault: true },
  { name: '@ops/shoelace', file: 'shoelace', source: 'root-config/deps/shoelace.ts' },
  // Heavy libraries: their own entries, imported lazily by whoever needs them, never on the first screen.
  { name: 'apexcharts', file: 'apexcharts', hasDefault: true, lazy: true },
  { name: 'react-apexcharts', file: 'react-apexcharts', hasDefault: true, lazy: true },
  { name: 'pdfjs-dist', file: 'pdfjs', lazy: true },
];

/**
 * The sub-apps in `packages/apps/`: each folder with a `src/index.tsx` is one bundle named after its
 * package (`@ops/app-{code}`), so a sub-app made by `npm run new:app` builds without editing this file.
 * `root` is the apps folder's file URL, ending in '/'.
 */
export function subAppBundles(root = new URL('../packages/apps/', import.meta.url)) {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/src/index.tsx`, root)))
    .map((entry) => entry.name)
    .sort()
    .map((code) => ({
      name: JSON.parse(readFileSync(new URL(`${code}/package.json`, root), 'utf8')).name,
      dir: `apps/${code}`,
      input: `packages/apps/${code}/src/index.tsx`,
    }));
}

/** The console's own bundles, each built and deployed on its own. */
export const BUNDLES = [
  { name: '@ops/root-config', dir: 'root-config', input: 'root-config/src/index.ts' },
  { name: '@ops/shared', dir: 'shared', input: 'packages/shared/src/index.ts' },
  // The rules nobody needs before signing in, off the login page's path (packages/shared/src/rules.ts).
  { name: '@ops/shared/rules', dir: 'shared-rules', input: 'packages/shared/src/rules.ts' },
  { name: '@ops/ui', dir: 'ui', input: 'packages/ui/src/index.ts' },
  // Loading a page's data (useLoad), for signed-in pages and sub-apps: off the login page's path too.
  { name: '@ops/ui/load', dir: 'ui-load', input: 'packages/ui/src/load/index.ts' },
  // The notice and alarm lists of the message centre and the notices dialogs: off the login and chrome paths.
  { name: '@ops/ui/notices', dir: 'ui-notices', input: 'packages/ui/src/notices/index.ts' },
  { name: '@ops/shell', dir: 'shell', input: 'packages/shell/src/index.tsx' },
  { name: '@ops/notices', dir: 'notices', input: 'packages/notices/src/index.tsx' },
  { name: '@ops/remote-control', dir: 'remote-control', input: 'packages/remote-control/src/index.tsx' },
  { name: '@ops/assistant', dir: 'assistant', input: 'packages/assistant/src/index.tsx' },
  ...subAppBundles(),
];

/** Packages whose code must only ever reach a bundle through the shared-deps build. */
export const SHARED_PACKAGES = [
  'react',
  'react-dom',
  'scheduler',
  'single-spa',
  'single-spa-react',
  'rxjs',
  'i18next',
  'axios',
  '@shoelace-style/shoelace',
  'lit',
  'lit-html',
  'lit-element',
  '@lit/reactive-element',
  'apexcharts',
  'react-apexcharts',
  'pdfjs-dist',
];

/** Module ids (absolute paths) of a bundle that come from a shared package: each one is a second copy. */
export function sharedCopies(moduleIds) {
  return moduleIds.filter((id) =>
    SHARED_PACKAGES.some((pkg) => id.replaceAll('\\', '/').includes(`/node_modules/${pkg}/`)),
  );
}

/**
 * The stylesheets the login page holds as it first renders (the shell's own, its public pages', and the
 * building blocks they use): index.html carries exactly these inline, so the first render fetches no
 * stylesheet and the page carries none for nothing. An end-to-end test compares this list with what the
 * login page holds.
 */
export const FIRST_SCREEN_STYLESHEETS = [
  '/shell/styles',
  '/shell/public',
  '/ui/theme',
  '/ui/form',
  '/ui/button',
  '/ui/message',
];
