// dist/bundles.json, the build manifest: which specifiers every bundle shares (never pinned per tenant) and,
// for each bundle, its folder, entry URL and files. The full build writes it (scripts/postbuild.mjs);
// `npm run build:bundle` replaces one bundle's record; the reference server's deploy API reads it
// (docs/api.md section 22).
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLES, SHARED } from './build-config.mjs';

export const MANIFEST_FILE = 'bundles.json';

/** The console's own bundles that every other bundle imports: one copy for every tenant. */
export const SHARED_BUNDLES = [
  '@ops/shared',
  '@ops/shared/rules',
  '@ops/ui',
  '@ops/ui/load',
  '@ops/ui/notices',
  '@ops/root-config',
];

/** Every specifier shared by all bundles: the shared dependencies, then the shared console bundles. */
export const sharedSpecifiers = () => [...SHARED.map((dep) => dep.name), ...SHARED_BUNDLES];

/** Compressed copies the build writes beside a file: not files of the bundle. */
const COMPRESSED = /\.(br|gz)$/;

/** A bundle's record: its name, folder, entry URL and file URLs (sorted). */
export function bundleRecord(bundle, entry, fileNames) {
  const files = [...new Set(fileNames.filter((name) => !COMPRESSED.test(name)))]
    .map((name) => `/${bundle.dir}/${name}`)
    .sort();
  return { name: bundle.name, dir: bundle.dir, entry, files };
}

/**
 * The manifest of a full build: `imports` is the build's import map (name → entry URL) and `filesOf(dir)`
 * lists the file names the build wrote in dist/<dir>/. A bundle without an entry is an error.
 */
export function fullManifest(bundles, imports, filesOf) {
  return {
    shared: sharedSpecifiers(),
    bundles: bundles.map((bundle) => {
      const entry = imports[bundle.name];
      if (!entry) throw new Error(`bundles.json: the build has no entry for ${bundle.name}`);
      return bundleRecord(bundle, entry, filesOf(bundle.dir));
    }),
  };
}

/**
 * `manifest` with `record` in place of the bundle's old record (appended when it had none), and the
 * shared list of this build. `manifest` may be null (no full build yet). Returns a new object.
 */
export function mergeBundle(manifest, record) {
  const bundles = Array.isArray(manifest?.bundles) ? [...manifest.bundles] : [];
  const at = bundles.findIndex((b) => b?.name === record.name);
  if (at >= 0) bundles[at] = record;
  else bundles.push(record);
  return { shared: sharedSpecifiers(), bundles };
}

/**
 * The bundle a name given on the command line means: its package name (`@ops/notices`), that name without
 * `@ops/` (`notices`, `app-versions`, `shared/rules`), its folder (`shared-rules`, `apps/versions`) or a
 * sub-app's code (`versions`). Returns `{ bundle }` or `{ error }` naming the known bundles.
 */
export function resolveBundle(input, bundles = BUNDLES) {
  const given = String(input ?? '').trim();
  const candidates = [
    (b) => b.name === given,
    (b) => b.name === `@ops/${given}`,
    (b) => b.dir === given,
    (b) => b.dir === `apps/${given}`,
  ];
  if (given) {
    for (const matches of candidates) {
      const bundle = bundles.find(matches);
      if (bundle) return { bundle };
    }
  }
  const known = bundles.map((b) => b.name).join(', ');
  const what = given ? `unknown bundle ${JSON.stringify(given)}` : 'no bundle named';
  return { error: `${what}. Known bundles: ${known}` };
}

/** dist/bundles.json, or null when there is none (or it is not JSON). */
export function readManifest(dist) {
  const file = path.join(dist, MANIFEST_FILE);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Writes dist/bundles.json whole or not at all (a reader never sees half a file). */
export function writeManifest(dist, manifest) {
  const file = path.join(dist, MANIFEST_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temporary, file);
}

/** After a full build (scripts/postbuild.mjs): the manifest of every bundle in `dist`. */
export function writeBuildManifest(dist, imports) {
  const filesOf = (dir) =>
    readdirSync(path.join(dist, dir)).filter((name) => statSync(path.join(dist, dir, name)).isFile());
  writeManifest(dist, fullManifest(BUNDLES, imports, filesOf));
}
