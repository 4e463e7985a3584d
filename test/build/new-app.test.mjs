import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import {
  filesOf,
  MAX_CODE_LENGTH,
  ROUTES_FILE,
  readRouteTable,
  routeSegments,
} from '../../scripts/new-app.mjs';

/**
 * `npm run new:app <code>` (scripts/new-app.mjs): refused codes exit 1 with one line saying why and create
 * nothing; a good code creates exactly the package's files, and what it creates in packages/apps/ passes
 * the lint, bundles with the console's packages external and type-checks.
 */
const SCRIPT = 'scripts/new-app.mjs';
const EXPECTED_FILES = (code) =>
  ['package.json', 'src/index.tsx', 'src/styles.css', `src/${code}.tsx`, `src/${code}.test.tsx`].sort();

function newApp(args, appsDir) {
  const env = { ...process.env };
  if (appsDir) env.OPS_APPS_DIR = appsDir;
  else delete env.OPS_APPS_DIR;
  return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', env });
}

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory()
        ? filesUnder(full, base)
        : [path.relative(base, full).split(path.sep).join('/')];
    })
    .sort();
}

/** The route table module itself, bundled by esbuild and imported. */
async function routesModule() {
  const result = await build({
    entryPoints: [ROUTES_FILE],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const source = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

describe('new:app route table', () => {
  it("reads exactly the console's routes and the app-code pattern from routes.ts", async () => {
    const module = await routesModule();
    const table = readRouteTable(readFileSync(ROUTES_FILE, 'utf8'));
    const actual = new Set([...Object.values(module.PATHS), ...module.ROUTES.map((route) => route.pattern)]);
    assert.deepEqual(new Set(table.routes), actual);
    const segments = [...routeSegments(table.routes).keys()];
    for (const segment of ['login', 'lock', 'index', 'myiframe', 'work', 'noticeinfo', 'info', 'site']) {
      assert.ok(segments.includes(segment), segment);
    }
    for (const segment of ['test', 'market', 'intelligentSpeech', 'operational', 'inspect']) {
      assert.ok(segments.includes(segment), segment);
    }
    for (const segment of ['authorization', 'editPassword', '404', '403', '500']) {
      assert.ok(segments.includes(segment), segment);
    }
    for (const code of ['station-monitor', 'A.b_c', '-x', '', 'a/b', 'x'.repeat(64), 'x'.repeat(65)]) {
      assert.equal(table.appCode.test(code), module.isValidAppCode(code), code);
    }
  });
});

describe('new:app refusals', () => {
  let dir;
  let before_;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'new-app-'));
    mkdirSync(path.join(dir, 'existing/src'), { recursive: true });
    writeFileSync(path.join(dir, 'existing/package.json'), '{ "name": "@ops/app-existing" }\n');
    mkdirSync(path.join(dir, 'renamed'));
    writeFileSync(path.join(dir, 'renamed/package.json'), '{ "name": "@ops/app-taken" }\n');
    before_ = filesUnder(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the script, expects exit 1, one line on stderr matching `why`, nothing on stdout or on disk. */
  function refused(args, why) {
    const run = newApp(args, dir);
    assert.equal(run.status, 1, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, why);
    assert.equal(filesUnder(dir).join('\n'), before_.join('\n'), 'nothing is created');
    assert.ok(!existsSync(path.join(os.tmpdir(), 'escape')));
    return run.stderr;
  }
  const oneLine = (stderr) => assert.equal(stderr.trimEnd().split('\n').length, 1, stderr);

  it('refuses characters other than a-z, 0-9 and -', () => {
    for (const code of ['energy_storage', 'energy storage', 'energy.storage', '../escape', 'a/b', 'café']) {
      oneLine(refused([code], /^new:app: refused: .* has characters other than a-z, 0-9 and -/));
    }
  });

  it('refuses uppercase, a leading digit or hyphen, and empty parts', () => {
    oneLine(refused(['Energy-Storage'], /has uppercase letters: an app code is lowercase kebab-case/));
    oneLine(refused(['energyStorage'], /has uppercase letters/));
    oneLine(refused(['9lives'], /does not start with a letter/));
    oneLine(refused(['-energy'], /does not start with a letter/));
    oneLine(refused(['energy--storage'], /empty part between hyphens/));
    oneLine(refused(['energy-'], /empty part between hyphens/));
  });

  it(`refuses more than ${MAX_CODE_LENGTH} characters`, () => {
    oneLine(refused(['a'.repeat(MAX_CODE_LENGTH + 1)], /is 41 characters long; an app code has at most 40/));
  });

  it('refuses a code that exists already, as a folder or as a package name', () => {
    oneLine(refused(['existing'], /"existing" exists already: .*existing/));
    oneLine(refused(['taken'], /"taken" exists already: @ops\/app-taken is the package in .*renamed/));
  });

  it("refuses the first segment of every console route, and the server's /api", () => {
    const { routes } = readRouteTable(readFileSync(ROUTES_FILE, 'utf8'));
    const segments = routeSegments(routes);
    assert.ok(segments.size >= 15);
    for (const [segment, route] of segments) {
      const code = segment.toLowerCase();
      if (!/^[a-z]/.test(code)) {
        oneLine(refused([code], /does not start with a letter/));
        continue;
      }
      const stderr = refused([code], /is the first segment of the console's own route/);
      oneLine(stderr);
      assert.ok(stderr.includes(route), stderr);
      if (code !== segment) {
        assert.match(stderr, /letter case aside/);
        refused([segment], /has uppercase letters/);
      }
    }
    oneLine(refused(['login'], /"login" is the first segment of the console's own route \/login/));
    oneLine(refused(['editpassword'], /route \/editPassword \(letter case aside\)/));
    oneLine(refused(['api'], /"api" is taken: \/api\/ is the reference server/));
  });

  it('prints the usage without an argument, and refuses more than one', () => {
    const stderr = refused([], /^new:app: no app code given\.\nUsage: npm run new:app <code>/);
    assert.match(stderr, /lowercase kebab-case/);
    oneLine(refused(['energy', 'storage'], /one app code expected, got 2/));
  });
});

describe('new:app energy-storage', () => {
  let dir;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'new-app-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('creates exactly the package, page, stylesheet and test, with the code in them', () => {
    const run = newApp(['energy-storage'], dir);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
    const root = path.join(dir, 'energy-storage');
    assert.deepEqual(
      filesUnder(dir),
      EXPECTED_FILES('energy-storage').map((f) => `energy-storage/${f}`),
    );
    const read = (file) => readFileSync(path.join(root, file), 'utf8');
    for (const [file, content] of filesOf('energy-storage')) assert.equal(read(file), content, file);

    assert.deepEqual(JSON.parse(read('package.json')), {
      name: '@ops/app-energy-storage',
      version: '0.1.0',
      private: true,
      type: 'module',
      exports: { '.': './src/index.tsx' },
    });

    const entry = read('src/index.tsx');
    assert.match(entry, /import \{ reactLifecycles \} from '@ops\/ui';/);
    assert.match(entry, /import \{ EnergyStorage \} from '\.\/energy-storage';/);
    assert.match(entry, /import stylesheet from '\.\/styles\.css';/);
    assert.match(entry, /export const \{ bootstrap, mount, unmount \} = reactLifecycles\(\{/);
    assert.match(
      entry,
      /rootComponent: EnergyStorage,\n {2}label: 'energy-storage',\n {2}stylesheets: \[stylesheet\],/,
    );

    const page = read('src/energy-storage.tsx');
    assert.match(page, /import \{ registerTexts, type SubAppProps \} from '@ops\/shared';/);
    assert.match(page, /import \{ useLocation, useTexts \} from '@ops\/ui';/);
    assert.match(page, /const CODE = 'energy-storage';/);
    assert.match(page, /export function EnergyStorage\(props: SubAppProps\) \{/);
    assert.match(page, /zh: \{\n {4}title: 'Energy storage',/);
    assert.match(page, /en: \{\n {4}title: 'Energy storage',/);
    assert.match(page, /<h1 id=\{titleId\}>\{t\('title'\)\}<\/h1>/);
    assert.match(page, /useLocation\(\)/);

    const css = read('src/styles.css');
    const selectors = [...css.matchAll(/^([^\s{}][^{}]*)\{/gm)].map((m) => m[1].trim());
    assert.deepEqual(selectors, [
      '.ops-app-energy-storage',
      '.ops-app-energy-storage h1',
      '.ops-app-energy-storage__path',
    ]);
    const values = [...css.matchAll(/:\s*([^;]+);/g)].map((m) => m[1]);
    assert.ok(
      values.every((value) => /^(?:[\d\s]|var\(--ops-[a-z0-9-]+\)|\d+px)+$/.test(value)),
      values.join(' | '),
    );
    assert.ok(values.filter((value) => value.includes('var(--ops-')).length >= 8);

    const test = read('src/energy-storage.test.tsx');
    assert.match(test, /const CODE = 'energy-storage';\nconst TITLE = 'Energy storage';/);
    assert.match(test, /from '\.\.\/\.\.\/\.\.\/\.\.\/test\/support\/runtime';/);
    assert.match(test, /import \{ byRole, waitFor \} from '\.\.\/\.\.\/\.\.\/\.\.\/test\/support\/dom';/);
    assert.match(test, /byRole\(container, 'heading', TITLE\)/);
    assert.match(test, /expect\(container\.childNodes\.length\)\.to\.equal\(0\);/);

    for (const [file, content] of filesOf('energy-storage')) {
      assert.doesNotMatch(content, /undefined|\$\{(?:code|Component|title|css|q\()/, file);
    }

    const out = run.stdout;
    assert.match(out, /^Created the sub-app energy-storage \(@ops\/app-energy-storage\)/);
    for (const file of EXPECTED_FILES('energy-storage'))
      assert.ok(out.includes(`energy-storage/${file}`), file);
    assert.match(out, /npm install/);
    assert.match(out, /npm run build/);
    assert.match(out, /menu\/submit/);
    assert.match(out, /"appCode": "energy-storage"/);
    assert.match(out, /"path": "\/energy-storage\/index"/);
    assert.match(out, /"@ops\/app-energy-storage"/);
    assert.match(out, /importmap\/importmap\.json/);

    const again = newApp(['energy-storage'], dir);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /exists already/);
  });

  it('orders the entry imports as the lint sorts them, whatever the code', () => {
    const order = (code) =>
      new Map(filesOf(code))
        .get('src/index.tsx')
        .split('\n')
        .filter((line) => line.startsWith('import'))
        .slice(1)
        .map((line) => line.replace(/^.* from '\.\/(.*)';$/, '$1'));
    assert.deepEqual(order('energy'), ['energy', 'styles.css']);
    assert.deepEqual(order('styles'), ['styles', 'styles.css']);
    assert.deepEqual(order('styles-x'), ['styles.css', 'styles-x']);
    assert.deepEqual(order('water'), ['styles.css', 'water']);
  });
});

describe('new:app in packages/apps', () => {
  it('creates a package that passes the lint, bundles with the console packages external and type-checks', async () => {
    // Long as allowed, so the lint sees the longest lines a scaffold can have.
    const code = `zz-new-app-check-${process.pid}-${Date.now().toString(36)}-`.padEnd(MAX_CODE_LENGTH, 'x');
    const folder = path.join('packages/apps', code);
    assert.ok(!existsSync(folder));
    try {
      const run = newApp([code]);
      assert.equal(run.status, 0, run.stderr);
      assert.deepEqual(filesUnder(folder), EXPECTED_FILES(code));

      const lint = spawnSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'check', folder], {
        encoding: 'utf8',
      });
      assert.equal(lint.status, 0, `${lint.stdout}${lint.stderr}`);

      const bundle = await build({
        entryPoints: [path.join(folder, 'src/index.tsx')],
        bundle: true,
        format: 'esm',
        write: false,
        outdir: path.join(os.tmpdir(), 'new-app-check'),
        jsx: 'automatic',
        metafile: true,
        logLevel: 'silent',
        external: ['react', 'react/*', 'react-dom', 'react-dom/*', '@ops/*', '*.css'],
      });
      const [output] = Object.values(bundle.metafile.outputs);
      assert.deepEqual(output.exports.sort(), ['bootstrap', 'mount', 'unmount']);
      assert.deepEqual(
        Object.keys(bundle.metafile.inputs).sort(),
        [`${folder}/src/${code}.tsx`, `${folder}/src/index.tsx`].sort(),
      );

      // The project's compiler options and sources, with this package as the only sub-app, plus a probe
      // with one type error: the run must report that error and nothing else in the package.
      const project = JSON.parse(readFileSync('tsconfig.json', 'utf8'));
      const include = project.include.map((entry) =>
        entry === 'packages/apps/*/src' ? 'src' : `../../../${entry}`,
      );
      writeFileSync(
        path.join(folder, 'tsconfig.check.json'),
        JSON.stringify({ extends: '../../../tsconfig.json', include }),
      );
      writeFileSync(path.join(folder, 'src/probe.ts'), "export const probe: number = 'not a number';\n");
      const tsc = spawnSync(
        process.execPath,
        [
          'node_modules/typescript/bin/tsc',
          '--noEmit',
          '--pretty',
          'false',
          '-p',
          path.join(folder, 'tsconfig.check.json'),
        ],
        { encoding: 'utf8' },
      );
      const errors = `${tsc.stdout}${tsc.stderr}`
        .split('\n')
        .filter((line) => /\(\d+,\d+\): error /.test(line));
      const own = errors.filter((line) => line.startsWith(folder));
      assert.equal(own.length, 1, own.join('\n'));
      assert.match(own[0], new RegExp(`^${folder}/src/probe\\.ts\\(1,14\\): error TS2322`));
    } finally {
      // Its entry first: from then on the build (scripts/build-config.mjs) no longer takes it for a sub-app.
      rmSync(path.join(folder, 'src/index.tsx'), { force: true });
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
