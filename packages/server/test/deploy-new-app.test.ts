import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type DeployWorld,
  deployCalls,
  deployWorld,
  KEY,
  snapshot,
  sri,
  upload,
  withKey,
} from './deploy-fixture.ts';

// A sub-app the console's build has never seen (`npm run new:app` + `npm run publish`, issue 27): its
// files upload under apps/<code>/, its name is added to one tenant's map with the deploy API's checks,
// and a rollback takes it out again. No rebuild and no restart in between.

const NAME = '@ops/app-energy-storage';
const SPEC = encodeURIComponent(NAME);
const ENTRY_JS = 'System.register([], function () { return { execute: function () {} } });';

describe('deploy API: a new sub-app, unknown to the build', () => {
  let w: DeployWorld;
  before(async () => {
    w = await deployWorld();
  });
  after(() => w.dispose());

  const { version, pin } = deployCalls(() => w);
  const served = async (tenant: string) =>
    (await w.s.call('GET', `/importmap.json?tenantId=${tenant}`)).json as {
      imports: Record<string, string>;
      integrity: Record<string, string>;
    };
  const uploadFor = async (bundle: string, name = 'energy-storage.Ab12Cd34.js', bytes = ENTRY_JS) => {
    const res = await upload(w.s, [
      { name: 'bundle', value: bundle },
      { name: 'files', filename: name, bytes, type: 'text/javascript' },
      { name: 'files', filename: 'styles.Ef56.css', bytes: '.ops-app-x{color:var(--ops-text)}' },
    ]);
    assert.equal(res.status, 200, JSON.stringify(res.json));
    return res.json.data.files as { name: string; url: string; integrity: string }[];
  };

  it('uploads its files under /assets/apps/<code>/, pins it for one tenant only, and a rollback removes it', async () => {
    const files = await uploadFor(NAME);
    const js = files.find((f) => f.name.endsWith('.js'))!;
    assert.match(js.url, /^\/assets\/apps\/energy-storage\/[0-9a-f]{12}\/energy-storage\.Ab12Cd34\.js$/);
    assert.equal((await w.s.call('GET', js.url)).text, ENTRY_JS);

    const other = await served('100002');
    const v = await version('100001');
    const res = await pin('100001', SPEC, v, {
      url: js.url,
      integrity: js.integrity,
      reason: 'first release',
    });
    assert.equal(res.status, 200, res.text);

    const hydro = await served('100001');
    assert.equal(hydro.imports[NAME], js.url);
    assert.equal(hydro.integrity[js.url], sri(ENTRY_JS));
    assert.deepEqual(await served('100002'), other, 'another tenant sees nothing of it');
    assert.equal((await served('base')).imports[NAME], undefined);
    const page = await w.s.call('GET', '/?tenantId=100001');
    assert.ok(page.text.includes(js.url), "the tenant's page carries the entry in its import map");
    assert.ok(!(await w.s.call('GET', '/?tenantId=100002')).text.includes(js.url));

    const history = await w.s.call('GET', '/api/deploy/history?scope=100001&limit=1', withKey());
    assert.deepEqual(history.json.data[0].change, { kind: 'pin', specifier: NAME, from: null, to: js.url });
    assert.equal(history.json.data[0].actor, 'deploy-key');
    assert.equal(history.json.data[0].reason, 'first release');

    const back = await w.s.call(
      'POST',
      '/api/deploy/importmap/100001/rollback',
      withKey({ body: { version: v, reason: 'take it back' } }),
    );
    assert.equal(back.status, 200, back.text);
    assert.equal((await served('100001')).imports[NAME], undefined);
    assert.ok(!(await w.s.call('GET', '/?tenantId=100001')).text.includes(js.url));
    const rolled = await w.s.call('GET', '/api/deploy/history?scope=100001&limit=1', withKey());
    assert.deepEqual(rolled.json.data[0].change.entries, [{ specifier: NAME, from: js.url, to: null }]);
  });

  it('needs If-Match as any pin does', async () => {
    const [js] = await uploadFor(NAME);
    const before = await snapshot(w.s);
    const res = await pin('100001', SPEC, null, { url: js!.url, reason: 'r' });
    assert.equal(res.status, 428, res.text);
    const stale = await pin('100001', SPEC, '0123456789abcdef', { url: js!.url, reason: 'r' });
    assert.equal(stale.status, 412, stale.text);
    assert.equal(await snapshot(w.s), before);
  });

  it('refuses names that are not a new sub-app and URLs that are not its uploaded entry, changing nothing', async () => {
    const [mine] = await uploadFor(NAME);
    const notices = await uploadFor('@ops/notices', 'notices.js', 'console.log("n")');
    const [css] = (await uploadFor(NAME, 'energy-storage.Zz99.js', 'console.log(2)')).filter((f) =>
      f.name.endsWith('.css'),
    );
    const cases: Record<string, { spec: string; url: string; status: number; msg: RegExp }> = {
      'a name outside the sub-apps': {
        spec: encodeURIComponent('lodash'),
        url: mine!.url,
        status: 404,
        msg: /unknown specifier: lodash is not in the console's build; only a sub-app's bundle \(@ops\/app-<code>\) can be added/,
      },
      'a name of the console’s own bundles': {
        spec: encodeURIComponent('@ops/ui/extra'),
        url: mine!.url,
        status: 404,
        msg: /unknown specifier: @ops\/ui\/extra is not in the console's build/,
      },
      'an invalid app code': {
        spec: encodeURIComponent('@ops/app-Energy_Storage'),
        url: mine!.url,
        status: 400,
        msg: /@ops\/app-Energy_Storage has no valid app code: lowercase kebab-case/,
      },
      'an app code over 40 characters': {
        spec: encodeURIComponent(`@ops/app-${'a'.repeat(41)}`),
        url: mine!.url,
        status: 400,
        msg: /has no valid app code/,
      },
      'a file of the build': {
        spec: SPEC,
        url: '/notices/notices.Nt12Ab34.js',
        status: 400,
        msg: /a new entry @ops\/app-energy-storage must point at a file uploaded for it \(\/assets\/…\)/,
      },
      'a remote URL': {
        spec: SPEC,
        url: 'https://cdn.example.com/x.js',
        status: 400,
        msg: /must point at a file uploaded for it/,
      },
      'an unknown upload': {
        spec: SPEC,
        url: '/assets/apps/energy-storage/000000000000/x.js',
        status: 422,
        msg: /\/assets\/apps\/energy-storage\/000000000000\/x\.js is not an uploaded file: upload the files of @ops\/app-energy-storage first/,
      },
      'a file uploaded for another bundle': {
        spec: SPEC,
        url: notices[0]!.url,
        status: 400,
        msg: /was uploaded for @ops\/notices, not for @ops\/app-energy-storage/,
      },
      'a stylesheet as the entry': {
        spec: SPEC,
        url: css!.url,
        status: 422,
        msg: /the entry of @ops\/app-energy-storage must be a JavaScript file, not styles\.Ef56\.css/,
      },
    };
    for (const [what, c] of Object.entries(cases)) {
      const v = await version('100001');
      const before = await snapshot(w.s);
      const res = await pin('100001', c.spec, v, { url: c.url, reason: 'r' });
      assert.equal(res.status, c.status, `${what}: ${res.text}`);
      assert.match(res.json.msg, c.msg, what);
      assert.equal(await snapshot(w.s), before, `${what}: nothing changed`);
    }
  });

  it('refuses uploads for names that are not a new sub-app, storing nothing', async () => {
    const cases: Record<string, { bundle: string; status: number; msg: RegExp }> = {
      'a name outside the sub-apps': {
        bundle: '@ops/parcel-x',
        status: 404,
        msg: /unknown bundle: @ops\/parcel-x is not in the console's build/,
      },
      'an invalid app code': {
        bundle: '@ops/app-x--y',
        status: 400,
        msg: /unknown bundle: @ops\/app-x--y has no valid app code/,
      },
    };
    for (const [what, c] of Object.entries(cases)) {
      const before = await snapshot(w.s);
      const res = await upload(
        w.s,
        [
          { name: 'bundle', value: c.bundle },
          { name: 'files', filename: 'x.js', bytes: 'console.log(1)' },
        ],
        { ...KEY, 'Hz-Language': 'en_US' },
      );
      assert.equal(res.status, c.status, `${what}: ${JSON.stringify(res.json)}`);
      assert.match(res.json.msg, c.msg, what);
      assert.equal(await snapshot(w.s), before, `${what}: nothing stored`);
    }
  });
});
