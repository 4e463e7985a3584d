// The console's import rules, written once (run by `npm run lint`; tested by test/build/boundaries.test.mjs):
//
// 1. Packages meet only by name, through @ops/shared, @ops/ui and the bus: a browser package never imports
//    a parcel, a sub-app, the root config or the server, nor another package's files.
// 2. Production code never imports test support (test doubles and helpers live outside src/).
// 3. Feature folders: in a package listed in FEATURES, every top-level folder of src/ is a feature. A feature
//    imports its own files, the package's shared folder, packages by name, and the features its entry
//    allows (a declared dependency, e.g. the sidebar shows the menus' model). Files directly in src/
//    compose the features and may import any of them. A need shared by two features moves down to shared/.
// 4. No cycles: no file of a package reaches itself through its imports (type-only and lazy ones
//    included: two modules that need each other are one), and no feature reaches itself through others.
//
// `node scripts/boundaries.mjs` prints each breach as `file:line: message` and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLES, SHARED } from './build-config.mjs';

/**
 * What a browser package may import by name from the console's own: the shared libraries' entries
 * (@ops/shared, @ops/ui and their import-map entries) and the shared dependencies built under @ops/.
 */
const SHARED_ENTRIES = new Set([
  ...BUNDLES.map((bundle) => bundle.name).filter((name) => /^@ops\/(shared|ui)(\/|$)/.test(name)),
  ...SHARED.map((dep) => dep.name).filter((name) => name.startsWith('@ops/')),
]);

/** The console's other packages, by name, and why a package may not import them. */
const REFUSED = {
  '@ops/shell': 'Parcels and sub-apps never import each other: talk through the bus in @ops/shared.',
  '@ops/notices': 'Parcels and sub-apps never import each other: talk through the bus in @ops/shared.',
  '@ops/remote-control': 'Parcels and sub-apps never import each other: talk through the bus in @ops/shared.',
  '@ops/assistant': 'Parcels and sub-apps never import each other: talk through the bus in @ops/shared.',
  '@ops/root-config': 'Packages never import the root config: it hands them what they need as props.',
  '@ops/server': 'Browser packages never import the server.',
};
const FILES_MESSAGE =
  "Packages meet only through @ops/shared, @ops/ui and the bus; never import another package's files.";
const TEST_SUPPORT_MESSAGE =
  'Production code never imports test support: test doubles and helpers live outside src/ and serve tests only.';

/**
 * The packages whose src/ is made of feature folders, each with its shared folder and the features each
 * feature may import besides its own files and shared/ (docs/architecture.md, "The shell's feature
 * folders"). A folder not named here may import only itself and shared/.
 */
export const FEATURES = {
  'packages/shell/src': {
    shared: 'shared',
    allow: {
      // The menu's views read the menus' model and names.
      sidebar: ['menus'],
      'menu-search': ['menus'],
      visual: ['menus'],
      topbar: ['menus'],
      // The site workbench (home) joins a station as the switcher does and marks the default station.
      home: ['site-switch', 'profile'],
    },
  },
};

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;

/** The browser packages' source roots: each package's src/ and the root config's. */
export function sourceRoots(repo) {
  const roots = [];
  const packages = path.join(repo, 'packages');
  for (const name of readdirSync(packages)) {
    if (name === 'server') continue;
    if (name === 'apps') {
      for (const app of readdirSync(path.join(packages, 'apps'))) {
        const src = path.join(packages, 'apps', app, 'src');
        if (existsSync(src)) roots.push(src);
      }
      continue;
    }
    const src = path.join(packages, name, 'src');
    if (existsSync(src)) roots.push(src);
  }
  roots.push(path.join(repo, 'root-config', 'src'));
  return roots;
}

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** Comments out of the way (a commented-out import is no import), keeping every newline. */
function blankComments(code) {
  const blank = (text) => text.replace(/[^\n]/g, ' ');
  return code.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|[^:'"`\\])\/\/[^\n]*/g, (_m, lead) => lead);
}

/** The imports of a module: `{ specifier, line, dynamic }`, static ones with their `type` flag. */
export function importsOf(code) {
  const text = blankComments(code);
  const found = [];
  const lineAt = (index) => text.slice(0, index).split('\n').length;
  const statics = /(?:^|[\s;}])(?:import|export)\s+(type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"\n]+)['"]/g;
  for (const match of text.matchAll(statics)) {
    const keyword = match.index + match[0].search(/import|export/);
    found.push({ specifier: match[2], line: lineAt(keyword), dynamic: false, typeOnly: !!match[1] });
  }
  for (const match of text.matchAll(/import\(\s*['"]([^'"\n]+)['"]\s*\)/g)) {
    found.push({ specifier: match[1], line: lineAt(match.index), dynamic: true, typeOnly: false });
  }
  return found;
}

function resolveFile(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** A file of one of the console's packages (packages/*, the root config). */
const isPackageFile = (repo, file) =>
  [path.join(repo, 'packages'), path.join(repo, 'root-config')].some((dir) =>
    file.startsWith(dir + path.sep),
  );

const isTestSupport = (file) => /[\\/](test-support|test[\\/]support)([\\/]|$)/.test(file);

/** The feature folder of a file under a feature root: its first folder below src/, or '' at src/ itself. */
function featureOf(root, file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 ? parts[0] : '';
}

/** Strongly connected parts of a graph with more than one node (or a node importing itself). */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    on.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (on.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const part = [];
      let member;
      do {
        member = stack.pop();
        on.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || graph.get(node)?.has(node)) found.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/**
 * Every breach of the rules in the repository at `repo`, as `{ file, line, message }` (paths relative).
 * `features` replaces the feature table (the boundary test declares one of its own); `within` keeps the
 * check to the source roots that contain one of the given files.
 */
export function checkBoundaries(repo, { features: table = FEATURES, within = null } = {}) {
  const breaches = [];
  const rel = (file) => path.relative(repo, file);
  const roots = sourceRoots(repo).filter(
    (root) => !within || within.some((file) => path.resolve(repo, file).startsWith(root + path.sep)),
  );
  for (const root of roots) {
    const packageDir = path.dirname(root);
    const features = table[path.relative(repo, root).split(path.sep).join('/')];
    const graph = new Map();
    const featureGraph = new Map();
    for (const file of walk(root)) {
      const test = TEST.test(file);
      const edges = new Set();
      graph.set(file, edges);
      for (const { specifier, line } of importsOf(readFileSync(file, 'utf8'))) {
        const breach = (message) => breaches.push({ file: rel(file), line, message });
        if (specifier.startsWith('@ops/')) {
          const name = specifier.split('/').slice(0, 2).join('/');
          // A package's test doubles by name (`@ops/shared/test-support`): the tests' alone.
          if (/^@ops\/[^/]+\/test-support(\/|$)/.test(specifier)) {
            if (!test) breach(TEST_SUPPORT_MESSAGE);
            continue;
          }
          if (REFUSED[name]) breach(REFUSED[name]);
          else if (!SHARED_ENTRIES.has(specifier)) breach(FILES_MESSAGE);
          continue;
        }
        if (!specifier.startsWith('.')) {
          if (/(^|\/)packages\//.test(specifier)) breach(FILES_MESSAGE);
          continue;
        }
        const target = resolveFile(file, specifier);
        if (!target) continue;
        if (isTestSupport(target)) {
          if (!test) breach(TEST_SUPPORT_MESSAGE);
          continue;
        }
        if (!target.startsWith(packageDir + path.sep)) {
          // Never into another package; a test may read the repository's own files (the shipped site config).
          if (!test || isPackageFile(repo, target)) breach(FILES_MESSAGE);
          continue;
        }
        if (test || !target.startsWith(root + path.sep)) continue;
        // A lazy import counts too: two modules that need each other are one, whatever loads first.
        edges.add(target);
        if (!features) continue;
        const from = featureOf(root, file);
        const to = featureOf(root, target);
        // Composers import anything; a feature its own files and the shared folder.
        if (from === '' || from === to || to === features.shared) continue;
        if (to === '') {
          breach(
            `A feature folder never imports the files that compose the features (${path.basename(target)}).`,
          );
          continue;
        }
        const allowed = features.allow[from] ?? [];
        if (!allowed.includes(to)) {
          breach(
            `A shell feature folder imports only its own files and the package's shared/ folder (and the features ` +
              `its entry in scripts/boundaries.mjs allows): ${from} may not import ${to}. Move a shared need down ` +
              'to shared/.',
          );
        }
        if (!featureGraph.has(from)) featureGraph.set(from, new Set());
        featureGraph.get(from).add(to);
      }
    }
    for (const part of cycles(graph)) {
      breaches.push({
        file: rel(part[0]),
        line: 1,
        message: `An import cycle between ${part.map((file) => path.relative(root, file)).join(', ')}.`,
      });
    }
    for (const part of cycles(featureGraph)) {
      breaches.push({
        file: rel(root),
        line: 1,
        message: `A cycle between the features ${part.join(', ')}.`,
      });
    }
  }
  return breaches;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const breaches = checkBoundaries(repo);
  for (const { file, line, message } of breaches) process.stdout.write(`${file}:${line}: ${message}\n`);
  process.stdout.write(
    breaches.length === 0
      ? 'boundaries: every import within the rules\n'
      : `boundaries: ${breaches.length} breaches\n`,
  );
  process.exit(breaches.length === 0 ? 0 : 1);
}
