// Every browser build of the console. Each bundle is its own rollup build in SystemJS format (one switch,
// `format`, moves it to native ES modules), with the shared dependencies external. `npm run build` for
// production; `npm run build:dev` (OPS_DEV) for unminified output with source maps.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import { transform as esbuildTransform } from 'esbuild';
import esbuild from 'rollup-plugin-esbuild';
import { APEXCHARTS_CSS, BUNDLES, PDFJS_WORKER_URL, SHARED, SHOELACE_BASE } from './scripts/build-config.mjs';
import { noSharedCopies } from './scripts/no-shared-copies.mjs';
import { rxjsCore } from './scripts/rxjs-core.mjs';

const dev = Boolean(process.env.OPS_DEV);
const mode = dev ? 'development' : 'production';
const format = 'system';
const require = createRequire(import.meta.url);
const sharedNames = new Set(SHARED.map((dep) => dep.name));

// React's CommonJS entry picks its build from NODE_ENV: read the keys of the build we bundle.
process.env.NODE_ENV = mode;

function transpile() {
  const plugin = esbuild({
    target: 'es2022',
    jsx: 'automatic',
    minify: !dev,
    sourceMap: dev,
    legalComments: 'none',
    exclude: /node_modules/,
  });
  // The plugin's own resolver skips the `browser` field (axios would bundle its Node adapter).
  delete plugin.resolveId;
  return plugin;
}

/** `import href from './x.css'` emits the stylesheet as a content-hashed asset and gives its URL. */
function stylesheetAssets() {
  return {
    name: 'ops-stylesheets',
    async load(id) {
      if (!id.endsWith('.css')) return null;
      const source = readFileSync(id, 'utf8');
      const css = dev ? source : (await esbuildTransform(source, { loader: 'css', minify: true })).code;
      const ref = this.emitFile({ type: 'asset', name: path.basename(id), source: css });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

/** Records the entry file of each build for the import map (scripts/postbuild.mjs). */
function manifest(buildName, dir, specifiers) {
  return {
    name: 'ops-manifest',
    generateBundle(_options, bundle) {
      const entries = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry)
          entries[specifiers[chunk.name]] = `/${dir}/${chunk.fileName}`;
      }
      mkdirSync('dist/.build', { recursive: true });
      writeFileSync(`dist/.build/${buildName}.json`, `${JSON.stringify(entries, null, 2)}\n`);
    },
  };
}

/** Virtual entries of the shared-deps build: each re-exports everything of one dependency. */
function sharedEntries() {
  const PREFIX = '\0shared:';
  return {
    name: 'ops-shared-entries',
    resolveId(id) {
      return id.startsWith('shared:') ? `${PREFIX}${id.slice('shared:'.length)}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const dep = SHARED.find((d) => d.name === id.slice(PREFIX.length));
      if (dep.reexports)
        return `export { ${dep.reexports.names().join(', ')} } from ${JSON.stringify(dep.reexports.from)};`;
      if (dep.source) return `export * from ${JSON.stringify(path.resolve(dep.source))};`;
      if (dep.cjs) {
        const keys = Object.keys(require(dep.name)).filter(
          (k) => k !== 'default' && /^[A-Za-z_$][\w$]*$/.test(k),
        );
        return [
          `import m from ${JSON.stringify(dep.name)};`,
          'export default m;',
          `export const { ${keys.join(', ')} } = m;`,
        ].join('\n');
      }
      const lines = [`export * from ${JSON.stringify(dep.name)};`];
      if (dep.hasDefault) lines.push(`export { default } from ${JSON.stringify(dep.name)};`);
      return lines.join('\n');
    },
  };
}

const common = () => [
  replace({
    preventAssignment: true,
    values: {
      'process.env.NODE_ENV': JSON.stringify(mode),
      __SHOELACE_BASE__: JSON.stringify(SHOELACE_BASE),
      __PDFJS_WORKER_URL__: JSON.stringify(PDFJS_WORKER_URL),
      __APEXCHARTS_CSS__: JSON.stringify(APEXCHARTS_CSS.map((sheet) => sheet.url)),
    },
  }),
  nodeResolve({
    browser: true,
    exportConditions: [mode],
    extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'],
  }),
  commonjs(),
  stylesheetAssets(),
  transpile(),
];

const output = (dir) => ({
  dir: `dist/${dir}`,
  format,
  sourcemap: dev,
  entryFileNames: '[name].[hash].js',
  chunkFileNames: 'chunk-[hash].js',
  assetFileNames: '[name].[hash][extname]',
});

const onwarn = (warning, warn) => {
  // Libraries' `this` at top level and their own circular imports are not ours to fix.
  if (warning.code === 'THIS_IS_UNDEFINED' || warning.code === 'CIRCULAR_DEPENDENCY') return;
  warn(warning);
};

const depsBuild = {
  input: Object.fromEntries(SHARED.map((dep) => [dep.file, `shared:${dep.name}`])),
  plugins: [
    sharedEntries(),
    ...common(),
    manifest('deps', 'deps', Object.fromEntries(SHARED.map((d) => [d.file, d.name]))),
  ],
  output: output('deps'),
  onwarn,
};

/** The rollup build of one bundle of BUNDLES (scripts/build-bundle.mjs builds one on its own). */
export function bundleConfig(bundle) {
  const file = path.basename(bundle.dir);
  return {
    input: { [file]: bundle.input },
    external: (id) => sharedNames.has(id) || id.startsWith('@ops/'),
    plugins: [
      ...common(),
      rxjsCore(),
      noSharedCopies(bundle.name),
      manifest(file, bundle.dir, { [file]: bundle.name }),
    ],
    output: output(bundle.dir),
    onwarn,
  };
}

const bundleBuilds = BUNDLES.map(bundleConfig);

export default [depsBuild, ...bundleBuilds];
