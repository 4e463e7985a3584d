import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { BundleError, buildBundle, bundlesAt, sha384 } from '../../scripts/build-bundle.mjs';
import { BUNDLES, SHARED, subAppBundles } from '../../scripts/build-config.mjs';
import {
  bundleRecord,
  fullManifest,
  mergeBundle,
  resolveBundle,
  sharedSpecifiers,
} from '../../scripts/bundles-manifest.mjs';
import { scaffold } from '../../scripts/new-app.mjs';

/**
 * `npm run build:bundle <name>` (scripts/build-bundle.mjs) and dist/bundles.json (scripts/bundles-manifest.mjs):
 * which bundle a name means, how one bundle's record replaces its old one, and a real build of one bundle
 * into a temporary dist/ that leaves every other file there as it was.
 */

/** Every file under `dir` with its bytes' hash and mtime, to see that nothing else changed. */
function snapshot(dir, base = dir) {
  if (!existsSync(dir)) return {};
  const files = {};
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) Object.assign(files, snapshot(full, base));
    else files[path.relative(base, full)] = `${sha384(readFileSync(full))} ${statSync(full).mtimeMs}`;
  }
  return files;
}

describe('build:bundle names', () => {
  const bundles = [
    { name: '@ops/shared', dir: 'shared', input: 'x' },
    { name: '@ops/shared/rules', dir: 'shared-rules', input: 'x' },
    { name: '@ops/notices', dir: 'notices', input: 'x' },
    { name: '@ops/app-versions', dir: 'apps/versions', input: 'x' },
    { name: '@ops/app-station-monitor', dir: 'apps/station-monitor', input: 'x' },
  ];
  const cases = [
    ['@ops/notices', '@ops/notices'],
    ['notices', '@ops/notices'],
    [' notices ', '@ops/notices'],
    ['@ops/shared', '@ops/shared'],
    ['shared', '@ops/shared'],
    ['shared/rules', '@ops/shared/rules'],
    ['@ops/shared/rules', '@ops/shared/rules'],
    ['shared-rules', '@ops/shared/rules'],
    ['@ops/app-versions', '@ops/app-versions'],
    ['app-versions', '@ops/app-versions'],
    ['versions', '@ops/app-versions'],
    ['apps/versions', '@ops/app-versions'],
    ['station-monitor', '@ops/app-station-monitor'],
  ];
  for (const [given, name] of cases) {
    it(`${JSON.stringify(given)} is ${name}`, () => {
      assert.equal(resolveBundle(given, bundles).bundle?.name, name);
    });
  }

  it('refuses other names, listing the known bundles', () => {
    for (const given of ['react', 'nope', 'Notices', '@ops/nope', '../notices', 'apps', '', undefined]) {
      const { bundle, error } = resolveBundle(given, bundles);
      assert.equal(bundle, undefined, String(given));
      assert.match(error, /^(unknown bundle ".*"|no bundle named)\. Known bundles: /);
      assert.ok(error.endsWith(bundles.map((b) => b.name).join(', ')), error);
    }
  });

  it("knows every one of the console's bundles by its package name and folder", () => {
    for (const bundle of BUNDLES) {
      assert.equal(resolveBundle(bundle.name).bundle, bundle);
      assert.equal(resolveBundle(bundle.dir).bundle, bundle);
    }
  });
});

describe('bundles.json', () => {
  const notices = { name: '@ops/notices', dir: 'notices' };
  const record = (entry) => bundleRecord(notices, entry, [path.posix.basename(entry), 'styles.a.css']);

  it('shares every shared dependency and the six shared console bundles', () => {
    assert.deepEqual(sharedSpecifiers(), [
      ...SHARED.map((d) => d.name),
      '@ops/shared',
      '@ops/shared/rules',
      '@ops/ui',
      '@ops/ui/load',
      '@ops/ui/notices',
      '@ops/root-config',
    ]);
    for (const name of ['react', 'react-dom/client', 'single-spa-react/parcel', 'rxjs', 'pdfjs-dist'])
      assert.ok(sharedSpecifiers().includes(name), name);
    assert.ok(!sharedSpecifiers().includes('@ops/notices'));
  });

  it('records the files under their URLs, sorted, without the compressed copies', () => {
    assert.deepEqual(
      bundleRecord(notices, '/notices/n.1.js', [
        'styles.a.css',
        'n.1.js',
        'n.1.js.br',
        'n.1.js.gz',
        'n.1.js',
      ]),
      {
        name: '@ops/notices',
        dir: 'notices',
        entry: '/notices/n.1.js',
        files: ['/notices/n.1.js', '/notices/styles.a.css'],
      },
    );
  });

  it('replaces only the built bundle’s record, keeps the others in their order, and starts one when missing', () => {
    const other = { name: '@ops/ui', dir: 'ui', entry: '/ui/ui.1.js', files: ['/ui/ui.1.js'] };
    const old = { shared: ['react'], bundles: [other, record('/notices/n.1.js')] };
    const merged = mergeBundle(old, record('/notices/n.2.js'));
    assert.deepEqual(merged, { shared: sharedSpecifiers(), bundles: [other, record('/notices/n.2.js')] });
    assert.deepEqual(old.bundles[1], record('/notices/n.1.js'), 'the old manifest is left as it was');
    assert.deepEqual(mergeBundle({ shared: [], bundles: [other] }, record('/notices/n.2.js')).bundles, [
      other,
      record('/notices/n.2.js'),
    ]);
    for (const missing of [null, {}, { bundles: 'x' }]) {
      assert.deepEqual(mergeBundle(missing, record('/notices/n.2.js')), {
        shared: sharedSpecifiers(),
        bundles: [record('/notices/n.2.js')],
      });
    }
  });

  it('a full build’s manifest has every bundle; a bundle without an entry is an error', () => {
    const files = { notices: ['n.1.js', 'n.1.js.gz'], ui: ['ui.1.js'] };
    const two = [notices, { name: '@ops/ui', dir: 'ui' }];
    const manifest = fullManifest(
      two,
      { '@ops/notices': '/notices/n.1.js', '@ops/ui': '/ui/ui.1.js' },
      (d) => files[d],
    );
    assert.deepEqual(
      manifest.bundles.map((b) => [b.name, b.entry, b.files]),
      [
        ['@ops/notices', '/notices/n.1.js', ['/notices/n.1.js']],
        ['@ops/ui', '/ui/ui.1.js', ['/ui/ui.1.js']],
      ],
    );
    assert.throws(
      () => fullManifest(two, { '@ops/ui': '/ui/ui.1.js' }, (d) => files[d]),
      /no entry for @ops\/notices/,
    );
  });

  it('after npm run build, names every bundle with its import-map entry and files that exist', (t) => {
    if (!existsSync('dist/bundles.json')) return t.skip('no build: run npm run build first');
    const manifest = JSON.parse(readFileSync('dist/bundles.json', 'utf8'));
    const map = JSON.parse(readFileSync('dist/importmap.json', 'utf8'));
    assert.deepEqual(manifest.shared, sharedSpecifiers());
    assert.deepEqual(manifest.bundles.map((b) => b.name).sort(), BUNDLES.map((b) => b.name).sort());
    for (const record of manifest.bundles) {
      // The full build's entry, or a later build:bundle's beside it (the map keeps the full build's).
      assert.ok(existsSync(path.join('dist', map.imports[record.name])), record.name);
      assert.match(record.entry, new RegExp(`^/${record.dir}/[^/]+\\.js$`), record.name);
      assert.ok(record.files.includes(record.entry), record.name);
      for (const url of record.files) assert.ok(existsSync(path.join('dist', url)), url);
    }
  });
});

describe('build:bundle into a dist/ that has other builds', () => {
  let dist;
  before(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'build-bundle-'));
    mkdirSync(path.join(dist, 'notices'), { recursive: true });
    mkdirSync(path.join(dist, 'ui'), { recursive: true });
    writeFileSync(
      path.join(dist, 'importmap.json'),
      '{ "imports": { "@ops/notices": "/notices/notices.old.js" } }\n',
    );
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>built before</title>\n');
    writeFileSync(path.join(dist, 'notices/notices.old.js'), 'System.register([], function () {});\n');
    writeFileSync(path.join(dist, 'ui/ui.old.js'), 'System.register([], function () {});\n');
    const ui = { name: '@ops/ui', dir: 'ui', entry: '/ui/ui.old.js', files: ['/ui/ui.old.js'] };
    const oldNotices = {
      name: '@ops/notices',
      dir: 'notices',
      entry: '/notices/notices.old.js',
      files: ['/notices/notices.old.js'],
    };
    writeFileSync(
      path.join(dist, 'bundles.json'),
      JSON.stringify({ shared: ['react'], bundles: [oldNotices, ui] }),
    );
  });
  after(() => rmSync(dist, { recursive: true, force: true }));

  it('adds the bundle’s new files beside the old ones, replaces its record, and touches nothing else', async () => {
    const before_ = snapshot(dist);
    const built = await buildBundle('notices', { dist });

    assert.match(built.record.entry, /^\/notices\/notices\.[\w-]+\.js$/);
    assert.ok(built.record.files.includes(built.record.entry));
    assert.ok(built.record.files.some((url) => /^\/notices\/styles\.[\w-]+\.css$/.test(url)));
    const entryBytes = readFileSync(path.join(dist, built.record.entry));
    assert.equal(built.integrity, sha384(entryBytes));
    assert.match(entryBytes.toString(), /^System\.register\(/);
    for (const file of built.files) {
      assert.equal(file.size, statSync(path.join(dist, file.url)).size, file.url);
      assert.equal(file.integrity, sha384(readFileSync(path.join(dist, file.url))), file.url);
    }
    assert.ok(existsSync(path.join(dist, `${built.record.entry}.br`)), 'compressed copies beside it');

    const after_ = snapshot(dist);
    for (const [file, state] of Object.entries(before_)) {
      if (file === 'bundles.json') continue;
      assert.equal(after_[file], state, `${file} is left as it was`);
    }
    const added = Object.keys(after_)
      .filter((file) => !(file in before_))
      .sort();
    assert.deepEqual(
      added,
      built.record.files
        .flatMap((url) => {
          const file = url.slice(1);
          return statSync(path.join(dist, file)).size >= 1024 ? [file, `${file}.br`, `${file}.gz`] : [file];
        })
        .sort(),
    );

    const manifest = JSON.parse(readFileSync(path.join(dist, 'bundles.json'), 'utf8'));
    assert.deepEqual(manifest.shared, sharedSpecifiers());
    assert.deepEqual(
      manifest.bundles.map((b) => b.name),
      ['@ops/notices', '@ops/ui'],
    );
    assert.deepEqual(manifest.bundles[0], built.record);
    assert.equal(manifest.bundles[1].entry, '/ui/ui.old.js');
  });

  it('refuses an unknown name with the known bundles and writes nothing', async () => {
    const before_ = snapshot(dist);
    await assert.rejects(buildBundle('@ops/nope', { dist }), (error) => {
      assert.ok(error instanceof BundleError);
      assert.match(
        error.message,
        /^unknown bundle "@ops\/nope"\. Known bundles: @ops\/root-config, .*@ops\/notices/,
      );
      return true;
    });
    assert.deepEqual(snapshot(dist), before_);
  });

  it('the command exits 1 on an unknown name, saying so, and on no name', () => {
    const run = spawnSync(process.execPath, ['scripts/build-bundle.mjs', 'nope'], { encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^build:bundle: unknown bundle "nope"\. Known bundles: .*@ops\/shell/);
    const none = spawnSync(process.execPath, ['scripts/build-bundle.mjs'], { encoding: 'utf8' });
    assert.equal(none.status, 1);
    assert.match(none.stderr, /one bundle name expected, got 0/);
  });
});

describe('build:bundle of a sub-app made by new:app', () => {
  let root;
  before(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'build-bundle-app-'));
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('is known by its code and builds into dist/apps/<code>/', async () => {
    const apps = path.join(root, 'packages/apps');
    scaffold('energy-storage', apps);
    const bundles = [
      ...BUNDLES.filter((b) => !b.dir.startsWith('apps/')),
      ...subAppBundles(pathToFileURL(`${apps}/`)),
    ];
    const expected = {
      name: '@ops/app-energy-storage',
      dir: 'apps/energy-storage',
      input: 'packages/apps/energy-storage/src/index.tsx',
    };
    assert.deepEqual(bundles.at(-1), expected);
    for (const given of [
      'energy-storage',
      'app-energy-storage',
      '@ops/app-energy-storage',
      'apps/energy-storage',
    ])
      assert.deepEqual(resolveBundle(given, bundles).bundle, expected, given);

    const built = await buildBundle('energy-storage', { root, dist: path.join(root, 'dist'), bundles });
    assert.match(built.record.entry, /^\/apps\/energy-storage\/energy-storage\.[\w-]+\.js$/);
    const entry = readFileSync(path.join(root, 'dist', built.record.entry), 'utf8');
    // The console's packages and React come from the import map, never bundled in.
    assert.match(entry, /^System\.register\(\[[^\]]*"@ops\/ui"[^\]]*\]/);
    assert.match(entry, /"react\/jsx-runtime"/);
    assert.match(entry, /Current address: \{\{path\}\}/);
    assert.ok(built.record.files.some((url) => /^\/apps\/energy-storage\/styles\.[\w-]+\.css$/.test(url)));
    const manifest = JSON.parse(readFileSync(path.join(root, 'dist/bundles.json'), 'utf8'));
    assert.deepEqual(manifest.bundles, [built.record]);
  });

  it("is found in the checkout's packages/apps/ without being one of the console's bundles", async () => {
    const checkout = path.join(root, 'checkout');
    scaffold('wind-farm', path.join(checkout, 'packages/apps'));
    assert.equal(resolveBundle('wind-farm').error?.startsWith('unknown bundle "wind-farm"'), true);
    const known = bundlesAt(checkout);
    assert.deepEqual(known.slice(0, BUNDLES.length), BUNDLES, "the console's bundles first, unchanged");
    assert.deepEqual(known.slice(BUNDLES.length), [
      { name: '@ops/app-wind-farm', dir: 'apps/wind-farm', input: 'packages/apps/wind-farm/src/index.tsx' },
    ]);
    assert.deepEqual(bundlesAt(path.join(root, 'no-such-checkout')), BUNDLES);
    // The command's default: the bundles of the folder it runs in.
    const run = spawnSync(process.execPath, [path.resolve('scripts/build-bundle.mjs'), 'wind-farm'], {
      cwd: checkout,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Built @ops\/app-wind-farm into dist\/apps\/wind-farm\/ in [\d.]+ s:/);
    assert.match(run.stdout, /Entry URL: {2}\/apps\/wind-farm\/wind-farm\.[\w-]+\.js\n/);
  });
});
