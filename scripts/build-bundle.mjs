// `npm run build:bundle <name>`: builds one bundle (a parcel, a sub-app, the shell...) with the same rollup
// build as `npm run build`, into dist/<dir>/, next to what is there: no other bundle's files, and no older
// file of this bundle, is deleted or rewritten (URLs are immutable). It replaces the bundle's record in
// dist/bundles.json and prints its files, entry URL and integrity. It never rewrites dist/importmap.json
// or index.html: pointing the import map at the new build is the deploy API's job (`npm run publish`).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import { bundleConfig } from '../rollup.config.mjs';
import { BUNDLES, subAppBundles } from './build-config.mjs';
import {
  bundleRecord,
  mergeBundle,
  readManifest,
  resolveBundle,
  writeManifest,
} from './bundles-manifest.mjs';
import { precompressFiles } from './compress.mjs';

export const sha384 = (data) => `sha384-${createHash('sha384').update(data).digest('base64')}`;

export class BundleError extends Error {}

/**
 * The bundles a checkout at `root` can build: the console's, plus every sub-app of `<root>/packages/apps/`
 * they lack. A team's checkout (or a folder of its own) builds its new sub-app without the console ever
 * having built it.
 */
export function bundlesAt(root, bundles = BUNDLES) {
  const apps = path.join(root, 'packages/apps');
  if (!existsSync(apps)) return bundles;
  const known = new Set(bundles.map((bundle) => bundle.name));
  const found = subAppBundles(pathToFileURL(`${apps}${path.sep}`));
  return [...bundles, ...found.filter((bundle) => !known.has(bundle.name))];
}

/**
 * Builds the bundle `name` means (see resolveBundle) from the sources under `root` into `dist`; returns
 * `{ record, integrity, files: [{ url, size, integrity? }] }` (integrity for JavaScript and CSS). Throws
 * BundleError, having written nothing, for an unknown name.
 */
export async function buildBundle(
  name,
  { root = process.cwd(), dist = path.join(root, 'dist'), bundles = bundlesAt(root) } = {},
) {
  const resolved = resolveBundle(name, bundles);
  if (resolved.error) throw new BundleError(resolved.error);
  const { bundle } = resolved;
  const config = bundleConfig(bundle);
  const [key] = Object.keys(config.input);
  const output = { ...config.output, dir: path.join(dist, bundle.dir) };
  const build = await rollup({
    ...config,
    input: { [key]: path.resolve(root, bundle.input) },
    // The full build's import-map notes (dist/.build) are for postbuild.mjs; this build reads its output.
    plugins: config.plugins.filter((plugin) => plugin?.name !== 'ops-manifest'),
  });
  let written;
  try {
    written = (await build.write(output)).output;
  } finally {
    await build.close();
  }
  const names = [];
  let entry = null;
  for (const item of written) {
    names.push(item.fileName);
    if (item.type === 'chunk' && item.map && output.sourcemap) names.push(`${item.fileName}.map`);
    if (item.type === 'chunk' && item.isEntry) entry = `/${bundle.dir}/${item.fileName}`;
  }
  const record = bundleRecord(bundle, entry, names);
  const files = record.files.map((url) => {
    const bytes = readFileSync(path.join(dist, url));
    return { url, size: bytes.length, ...(/\.(js|css)$/.test(url) ? { integrity: sha384(bytes) } : {}) };
  });
  precompressFiles(record.files.map((url) => path.join(dist, url)));
  writeManifest(dist, mergeBundle(readManifest(dist), record));
  return { record, integrity: files.find((f) => f.url === entry).integrity, files };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** What build:bundle prints once built (`next`: with how to serve it). */
export function summary({ record, integrity, files }, seconds, { next = true } = {}) {
  const width = Math.max(...files.map((f) => f.url.length));
  const built = `Built ${record.name} into dist/${record.dir}/ in ${seconds.toFixed(1)} s:
${files.map((f) => `  ${f.url.padEnd(width)}  ${kb(f.size).padStart(9)}  ${f.integrity ?? ''}`.trimEnd()).join('\n')}
Entry URL:  ${record.entry}
Integrity:  ${integrity}
`;
  if (!next) return built;
  return `${built}dist/bundles.json has this build; dist/importmap.json and index.html are unchanged. To serve it, point the
import-map entry ${record.name} at it through the deploy API:
  npm run publish -- ${record.name} --server <url> --key <key> [--tenant <id>] --reason "..."
`;
}

const USAGE = `Usage: npm run build:bundle <name>

Builds one bundle into dist/<dir>/ beside the files already there, and prints its files, entry URL and
integrity. <name> is a bundle's package name (@ops/notices), the same without @ops/ (notices,
app-versions) or a sub-app's code (versions).`;

export async function main(argv) {
  const args = argv.filter((arg) => arg !== '--');
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.length !== 1) {
    process.stderr.write(`build:bundle: one bundle name expected, got ${args.length}.\n${USAGE}\n`);
    return 1;
  }
  const started = performance.now();
  try {
    const built = await buildBundle(args[0]);
    process.stdout.write(summary(built, (performance.now() - started) / 1000));
    return 0;
  } catch (error) {
    process.stderr.write(
      `build:bundle: ${error instanceof BundleError ? '' : 'build failed: '}${error.message}\n`,
    );
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
