// `npm run new:app <code>`: scaffolds a sub-app package in packages/apps/<code>/ (single-spa lifecycles,
// one page, one component test). The build picks it up by itself (scripts/build-config.mjs): its bundle is
// `@ops/app-<code>`. A refused code prints one line saying why on stderr, exits 1 and creates nothing.
//
// OPS_APPS_DIR names another folder to create the package in (the tests use a temporary one).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { filesOf } from './new-app-files.mjs';

export { componentOf, filesOf, titleOf } from './new-app-files.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const ROUTES_FILE = path.join(ROOT, 'packages/shared/src/routing/routes.ts');

/** Lowercase kebab-case: what the server's menu `appCode` accepts and reads well in a URL. */
export const CODE_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
export const MAX_CODE_LENGTH = 40;

/** First path segments the reference server keeps for itself: a deep link there never reaches the console. */
export const SERVER_SEGMENTS = { api: '/api/ is the reference server’s API (docs/api.md)' };

/** The literal of a `/regex/flags` in source text, as a RegExp. */
function regexLiteral(text) {
  const match = /^\/(.+)\/([a-z]*)$/.exec(text.trim());
  return match ? new RegExp(match[1], match[2]) : null;
}

/** The text between `start` and the first `end` after it, or null. */
function block(source, start, end) {
  const from = source.indexOf(start);
  if (from < 0) return null;
  const to = source.indexOf(end, from + start.length);
  return to < 0 ? null : source.slice(from + start.length, to);
}

/**
 * What the script needs of the console's route table (packages/shared/src/routing/routes.ts), read from
 * its source: every path of `PATHS` and every pattern of `ROUTES` (a `PATHS.x` reference or a `${PATHS.x}`
 * inside a template is resolved), and the `APP_CODE` pattern behind `isValidAppCode`. Throws when the file
 * no longer has that shape, so a change there cannot silently empty the list.
 */
export function readRouteTable(source) {
  const pathsBlock = block(source, 'export const PATHS = {', '} as const;');
  const routesBlock = block(source, 'export const ROUTES = [', '\n] as const');
  const appCode = /const APP_CODE = (\/.+\/[a-z]*);/.exec(source);
  if (!pathsBlock || !routesBlock || !appCode) {
    throw new Error(`cannot read PATHS, ROUTES and APP_CODE in ${path.relative(ROOT, ROUTES_FILE)}`);
  }
  const paths = {};
  for (const [, key, value] of pathsBlock.matchAll(/(\w+):\s*['"]([^'"]*)['"]/g)) paths[key] = value;
  const resolve = (key) => {
    if (!Object.hasOwn(paths, key)) throw new Error(`ROUTES names PATHS.${key}, which PATHS lacks`);
    return paths[key];
  };
  const patterns = [];
  const PATTERN = /pattern:\s*(?:PATHS\.(\w+)|'([^']*)'|"([^"]*)"|`([^`]*)`)/g;
  for (const [, ref, single, double, template] of routesBlock.matchAll(PATTERN)) {
    if (ref) patterns.push(resolve(ref));
    else if (template !== undefined)
      patterns.push(template.replace(/\$\{PATHS\.(\w+)\}/g, (_all, key) => resolve(key)));
    else patterns.push(single ?? double);
  }
  const routes = [...new Set([...Object.values(paths), ...patterns])];
  if (Object.keys(paths).length === 0 || patterns.length === 0 || routes.some((p) => !p.startsWith('/'))) {
    throw new Error(`cannot read the route table in ${path.relative(ROOT, ROUTES_FILE)}`);
  }
  return { routes, appCode: regexLiteral(appCode[1]) };
}

/** Each first segment of the console's routes with one route it starts (`/` itself has none). */
export function routeSegments(routes) {
  const segments = new Map();
  for (const route of routes) {
    const first = route.split('/')[1];
    if (first && !segments.has(first)) segments.set(first, route);
  }
  return segments;
}

/** The package names already taken under the apps folder. */
function packageNames(appsDir) {
  if (!existsSync(appsDir)) return new Map();
  const names = new Map();
  for (const entry of readdirSync(appsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    try {
      const pkg = JSON.parse(readFileSync(path.join(appsDir, entry.name, 'package.json'), 'utf8'));
      if (typeof pkg.name === 'string') names.set(pkg.name, entry.name);
    } catch {
      // No package.json (or not JSON): only the folder name counts.
    }
  }
  return names;
}

/** Why this code cannot be scaffolded in `appsDir`, or null when it can. */
export function refusalOf(code, { appsDir, table }) {
  const shown = JSON.stringify(code);
  if (code.length > MAX_CODE_LENGTH) {
    return `${shown} is ${code.length} characters long; an app code has at most ${MAX_CODE_LENGTH}.`;
  }
  if (!CODE_PATTERN.test(code)) {
    const why = /[A-Z]/.test(code)
      ? 'has uppercase letters'
      : /[^a-z0-9-]/.test(code)
        ? 'has characters other than a-z, 0-9 and -'
        : /^[^a-z]/.test(code)
          ? 'does not start with a letter'
          : 'has an empty part between hyphens (or a hyphen at its end)';
    return `${shown} ${why}: an app code is lowercase kebab-case, e.g. energy-storage.`;
  }
  if (!table.appCode?.test(code)) return `${shown} is not a valid app code (isValidAppCode).`;
  for (const [segment, route] of routeSegments(table.routes)) {
    if (segment.toLowerCase() === code) {
      const exact = segment === code ? '' : ' (letter case aside)';
      return `${shown} is the first segment of the console's own route ${route}${exact}: a sub-app under /${code}/ would clash with it.`;
    }
  }
  if (Object.hasOwn(SERVER_SEGMENTS, code)) return `${shown} is taken: ${SERVER_SEGMENTS[code]}.`;
  const folder = path.join(appsDir, code);
  if (existsSync(folder)) return `${shown} exists already: ${folder}.`;
  const owner = packageNames(appsDir).get(`@ops/app-${code}`);
  if (owner)
    return `${shown} exists already: @ops/app-${code} is the package in ${path.join(appsDir, owner)}.`;
  return null;
}

/** Writes the package; on a failure half-way, removes what it wrote. Returns the created files' paths. */
export function scaffold(code, appsDir) {
  const folder = path.join(appsDir, code);
  mkdirSync(appsDir, { recursive: true });
  mkdirSync(folder); // not recursive: fails if the folder appeared since it was checked
  try {
    const created = [];
    for (const [file, content] of filesOf(code)) {
      const target = path.join(folder, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, content, { flag: 'wx' });
      created.push(target);
    }
    return created;
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

const USAGE = `Usage: npm run new:app <code>

Scaffolds packages/apps/<code>/, a sub-app whose bundle is @ops/app-<code>: single-spa lifecycles,
one page and one component test. <code> is lowercase kebab-case (e.g. energy-storage), at most
${MAX_CODE_LENGTH} characters, not an existing app and not the first segment of a console route.`;

function nextSteps(code, folder, created) {
  const rel = (file) => path.relative(process.cwd(), file) || file;
  return `Created the sub-app ${code} (@ops/app-${code}) in ${rel(folder)}:
${created.map((file) => `  ${rel(file)}`).join('\n')}

Next steps:
  1. npm install
     links the new workspace package and records it in package-lock.json, which npm ci needs.
  2. npm run build
     builds it as /apps/${code}/ and adds "@ops/app-${code}" to dist/importmap.json.
     Its test runs with the unit tests (npm run test:unit), or alone:
       npx wtr --config web-test-runner.config.mjs --files '${rel(folder)}/src/*.test.tsx'
  3. Add a menu item for it (docs/api.md section 5, POST /api/blade-system/menu/submit) with
       "appCode": "${code}"
       "path": "/${code}/index" (any path under /${code}/)
     The sub-app is active under /${code} for the users who see that item.
  4. Later versions deploy on their own: npm run build:bundle ${code} builds only this bundle, and
       npm run publish -- @ops/app-${code} --server <url> --key <key> [--tenant <id>] --reason "..."
     uploads it and points "@ops/app-${code}" at it (docs/architecture.md "Deploying one bundle").
     A bundle served from elsewhere is named in importmap/importmap.json (docs/api.md section 12,
     docs/architecture.md "Sub-app names"). Without an entry in the import map its pages show
     "not installed".
`;
}

export function main(argv, env = process.env) {
  const args = argv.filter((arg) => arg !== '--');
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (args.length !== 1) {
    process.stderr.write(
      args.length === 0
        ? `new:app: no app code given.\n${USAGE}\n`
        : `new:app: one app code expected, got ${args.length}: ${args.join(' ')}\n`,
    );
    return 1;
  }
  const [code] = args;
  const appsDir = path.resolve(env.OPS_APPS_DIR || path.join(ROOT, 'packages/apps'));
  let table;
  try {
    table = readRouteTable(readFileSync(ROUTES_FILE, 'utf8'));
  } catch (error) {
    process.stderr.write(`new:app: ${error.message}\n`);
    return 1;
  }
  const refusal = refusalOf(code, { appsDir, table });
  if (refusal) {
    process.stderr.write(`new:app: refused: ${refusal}\n`);
    return 1;
  }
  let created;
  try {
    created = scaffold(code, appsDir);
  } catch (error) {
    process.stderr.write(`new:app: could not create ${path.join(appsDir, code)}: ${error.message}\n`);
    return 1;
  }
  process.stdout.write(nextSteps(code, path.join(appsDir, code), created));
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
