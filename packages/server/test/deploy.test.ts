import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.ts';
import { openBus } from '../src/db/bus.ts';
import { sql } from '../src/db/database.ts';
import {
  BUILD_MAP,
  DEPLOY_KEY,
  type DeployWorld,
  deployCalls,
  deployWorld,
  HYDRO_LEAVE,
  SEED_100001,
  snapshot,
  sri,
  upload,
  withKey,
} from './deploy-fixture.ts';

const NOTICES = encodeURIComponent('@ops/notices');
const LEAVE = encodeURIComponent('@ops/app-leave');
const entry = (scope: string, specifier: string) => `/api/deploy/importmap/${scope}/imports/${specifier}`;

describe('deploy API: callers, seed, reading', () => {
  let w: DeployWorld;
  before(async () => {
    w = await deployWorld();
  });
  after(() => w.dispose());

  it('takes a platform administrator or the deploy key; anyone else is 401 or 403', async () => {
    const { s } = w;
    const none = await s.call('GET', '/api/deploy/scopes');
    assert.equal(none.status, 401);
    assert.equal(none.json.success, false);
    const wrongKey = await s.call('GET', '/api/deploy/scopes', {
      headers: { Authorization: 'Bearer nope-nope-nope-nope' },
    });
    assert.equal(wrongKey.status, 403);
    assert.match(wrongKey.json.msg, /部署密钥错误/);
    const basic = await s.call('GET', '/api/deploy/scopes', {
      headers: { Authorization: 'Basic c2FiZXI6c2FiZXI=' },
    });
    assert.equal(basic.status, 401);
    const tenantAdmin = await s.login('100001', 'admin', 'Hydro@2026');
    const refused = await s.call('GET', '/api/deploy/scopes', {
      token: tenantAdmin.access_token,
      headers: { 'Hz-Language': 'en_US' },
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json.msg, 'only platform administrators deploy and roll back');
    const forged = await s.call('GET', '/api/deploy/scopes', { token: 'not.a.token' });
    assert.equal(forged.status, 401);
    assert.equal(forged.json.code, 600);
    assert.equal((await s.call('GET', '/api/deploy/scopes', { token: w.admin })).status, 200);
    assert.equal((await s.call('GET', '/api/deploy/scopes', withKey())).status, 200);
    // A refused caller's write changes nothing.
    const before = await snapshot(s);
    const put = await s.call('PUT', entry('100002', NOTICES), {
      token: tenantAdmin.access_token,
      headers: { 'If-Match': 'x' },
      body: { url: '/notices/notices.Nt99Zz00.js', reason: 'try' },
    });
    assert.equal(put.status, 403);
    assert.equal(await snapshot(s), before);
  });

  it('seeds base at the empty layer and each tenant pin file as its first version (actor seed)', async () => {
    const { s } = w;
    const scopes = await s.call('GET', '/api/deploy/scopes', withKey());
    const byScope = Object.fromEntries(scopes.json.data.map((r: { scope: string }) => [r.scope, r]));
    assert.equal(scopes.json.data[0].scope, 'base');
    assert.deepEqual(Object.keys(byScope).sort(), ['000000', '100001', '100002', 'base']);
    assert.equal(byScope['100001'].pins, 1);
    assert.equal(byScope['100001'].tenantName, 'Hydro Demo');
    assert.equal(byScope['100002'].pins, 0);
    assert.equal(byScope.base.pins, 0);
    assert.match(byScope['100002'].version, /^[0-9a-f]{16}$/);

    const history = await s.call('GET', '/api/deploy/history?scope=100001', withKey());
    assert.equal(history.json.data.length, 1);
    const [seed] = history.json.data;
    assert.equal(seed.actor, 'seed');
    assert.deepEqual(seed.change, { kind: 'seed' });
    assert.equal(seed.previous, null);
    assert.equal(seed.version, byScope['100001'].version);
    const all = await s.call('GET', '/api/deploy/history', withKey());
    assert.deepEqual(all.json.data.map((r: { scope: string }) => r.scope).sort(), ['100001', 'base']);
  });

  it('answers a scope map with its version as ETag: base = build ⊕ base, a tenant = build ⊕ base ⊕ tenant', async () => {
    const { s } = w;
    const base = await s.call('GET', '/api/deploy/importmap?scope=base', withKey());
    assert.equal(base.status, 200);
    assert.equal(base.headers.get('etag'), `"${base.json.data.version}"`);
    assert.deepEqual(base.json.data.layer, { imports: {}, integrity: {} });
    assert.deepEqual(base.json.data.map, BUILD_MAP);
    const hydro = await s.call('GET', '/api/deploy/importmap?scope=100001', withKey());
    assert.deepEqual(hydro.json.data.layer.imports, SEED_100001.imports);
    assert.equal(hydro.json.data.map.imports['@ops/app-leave'], '/apps/leave/leave.hydro.js');
    // The seed file had no integrity: the served map carries the sha384 of the file in dist.
    assert.equal(hydro.json.data.map.integrity['/apps/leave/leave.hydro.js'], sri(HYDRO_LEAVE));
    for (const bad of ['?scope=999999', '?scope=../x', '', '?scope=BASE']) {
      const res = await s.call('GET', `/api/deploy/importmap${bad}`, withKey());
      assert.ok(res.status === 404 || res.status === 400, `${bad} -> ${res.status}`);
      assert.equal(res.json.success, false);
    }
  });

  it('reads DEPLOY_KEY from the environment, refusing a short one', () => {
    assert.equal(loadConfig({ DEPLOY_KEY }, []).deployKey, DEPLOY_KEY);
    assert.equal(loadConfig({}, []).deployKey, undefined);
    assert.throws(() => loadConfig({ DEPLOY_KEY: 'short' }, []), /DEPLOY_KEY must be at least 16/);
  });
});

describe('deploy API: pin, unpin, rollback, the served map', () => {
  let w: DeployWorld;
  before(async () => {
    w = await deployWorld();
  });
  after(() => w.dispose());

  const { version, pin, served } = deployCalls(() => w);

  it('pins an uploaded bundle for one tenant: its map, ETag and page version change; other tenants do not', async () => {
    const { s } = w;
    const js = 'console.log("notices for storage")';
    const up = await upload(s, [
      { name: 'bundle', value: '@ops/notices' },
      { name: 'files', filename: 'notices.js', bytes: js, type: 'text/javascript' },
    ]);
    assert.equal(up.status, 200);
    const file = up.json.data.files[0];
    const before1 = await served('100001');
    const before2 = await served('100002');
    const v = await version('100002');
    const res = await pin('100002', NOTICES, v, { url: file.url, reason: 'storage gets the new notices' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.previous, v);
    assert.notEqual(res.json.data.version, v);
    assert.equal(await version('100002'), res.json.data.version);

    const after2 = await served('100002');
    assert.equal(after2.json.imports['@ops/notices'], file.url);
    assert.equal(after2.json.integrity[file.url], sri(js));
    assert.notEqual(after2.headers.get('etag'), before2.headers.get('etag'));
    assert.ok(after2.headers.get('etag')!.startsWith(`"${await version('base')}.${res.json.data.version}.`));
    const after1 = await served('100001');
    assert.deepEqual(after1.json, before1.json);
    assert.equal(after1.headers.get('etag'), before1.headers.get('etag'));

    // The page carries the same version as the map's ETag.
    const page = await s.call('GET', '/?tenantId=100002');
    const meta = /<meta name="ops-importmap-version" content="([^"]+)">/.exec(page.text);
    assert.ok(meta, 'index.html names its map version');
    assert.equal(`"${meta[1]}"`, after2.headers.get('etag'));
    assert.ok(page.text.includes(file.url));

    const history = await s.call('GET', '/api/deploy/history?scope=100002', withKey());
    const [row] = history.json.data;
    assert.equal(row.actor, 'deploy-key');
    assert.equal(row.reason, 'storage gets the new notices');
    assert.deepEqual(row.change, { kind: 'pin', specifier: '@ops/notices', from: null, to: file.url });
    assert.equal(row.previous, v);
    assert.match(row.at, /^\d{4}-\d\d-\d\dT/);
  });

  it('answers /importmap.json with its ETag and 304 on If-None-Match', async () => {
    const first = await served('100002');
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[0-9a-f]{16}\.[0-9a-f]{16}\.[0-9a-f]{8}"$/);
    const again = await w.s.call('GET', '/importmap.json?tenantId=100002', {
      headers: { 'If-None-Match': etag },
    });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    const other = await w.s.call('GET', '/importmap.json?tenantId=100002', {
      headers: { 'If-None-Match': '"x"' },
    });
    assert.equal(other.status, 200);
    const none = await w.s.call('GET', '/importmap.json');
    assert.match(none.headers.get('etag')!, /^"[0-9a-f]{16}\.0\.[0-9a-f]{8}"$/);
  });

  it('pins a same-origin file of dist with a given integrity, and a CSS file; an identical pin changes nothing', async () => {
    const v = await version('100002');
    const url = '/notices/notices.Nt99Zz00.js';
    const res = await pin('100002', NOTICES, v, {
      url,
      integrity: sri('console.log("notices 2")'),
      reason: 'second build',
    });
    assert.equal(res.status, 200, res.text);
    const before = await snapshot(w.s);
    const same = await pin('100002', NOTICES, res.json.data.version, { url, reason: 'again' });
    assert.equal(same.status, 200);
    assert.equal(same.json.data.version, res.json.data.version);
    assert.equal(same.json.data.previous, res.json.data.version);
    assert.equal(await snapshot(w.s), before, 'no new version, no history row');
    const css = await pin('base', LEAVE, await version('base'), {
      url: '/notices/notices.css',
      reason: 'css',
    });
    assert.equal(css.status, 200, css.text);
  });

  it('pins an allowlisted remote URL after fetching it (integrity computed when absent)', async () => {
    const url = `${w.origin.url}/lib/ok.js`;
    const res = await pin('100001', NOTICES, await version('100001'), { url, reason: 'cdn build' });
    assert.equal(res.status, 200, res.text);
    const map = (await served('100001')).json;
    assert.equal(map.imports['@ops/notices'], url);
    assert.equal(map.integrity[url], sri('console.log("remote")'));
    assert.ok(w.origin.hits.includes('/lib/ok.js'));
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { s } = w;
    const v2 = await version('100002');
    const remote = (p: string) => `${w.origin.url}${p}`;
    const ok = '/notices/notices.Nt12Ab34.js';
    type Case = {
      scope?: string;
      spec?: string;
      ifMatch?: string | null;
      body: object;
      status: number;
      msg: RegExp;
    };
    const cases: Record<string, Case> = {
      'no If-Match': { ifMatch: null, body: { url: ok, reason: 'r' }, status: 428, msg: /If-Match/ },
      'stale If-Match': {
        ifMatch: '0123456789abcdef',
        body: { url: ok, reason: 'r' },
        status: 412,
        msg: /changed meanwhile/,
      },
      'unknown scope': {
        scope: '999999',
        body: { url: ok, reason: 'r' },
        status: 404,
        msg: /unknown scope: 999999/,
      },
      'unknown specifier': {
        spec: encodeURIComponent('@ops/nothing'),
        body: { url: ok, reason: 'r' },
        status: 404,
        msg: /unknown specifier: @ops\/nothing/,
      },
      'prototype specifier': {
        spec: 'constructor',
        body: { url: ok, reason: 'r' },
        status: 404,
        msg: /unknown specifier/,
      },
      'shared singleton': {
        spec: 'react',
        body: { url: '/deps/react.Rc12Ab34.js', reason: 'r' },
        status: 400,
        msg: /react is shared by every bundle and cannot be pinned per tenant/,
      },
      'shared @ops/shared': {
        spec: encodeURIComponent('@ops/shared'),
        body: { url: ok, reason: 'r' },
        status: 400,
        msg: /cannot be pinned per tenant/,
      },
      'other origin': {
        body: { url: 'https://evil.example/notices.js', reason: 'r' },
        status: 400,
        msg: /deployOrigins allowlist/,
      },
      'protocol-relative': {
        body: { url: '//evil.example/notices.js', reason: 'r' },
        status: 400,
        msg: /allowlist/,
      },
      'script URL': { body: { url: 'javascript:alert(1)', reason: 'r' }, status: 400, msg: /allowlist/ },
      'path trick': { body: { url: '/notices/../../secret.js', reason: 'r' }, status: 400, msg: /allowlist/ },
      'encoded trick': { body: { url: '/%2e%2e/secret.js', reason: 'r' }, status: 400, msg: /allowlist/ },
      'hidden file': { body: { url: '/.env.js', reason: 'r' }, status: 400, msg: /allowlist/ },
      'credentials in URL': {
        body: { url: remote('/lib/ok.js').replace('http://', 'http://u:p@'), reason: 'r' },
        status: 400,
        msg: /allowlist/,
      },
      'missing file': {
        body: { url: '/notices/missing.js', reason: 'r' },
        status: 422,
        msg: /does not answer 200 \(404\)/,
      },
      'missing asset': {
        body: { url: '/assets/notices/000000000000/x.js', reason: 'r' },
        status: 422,
        msg: /does not answer 200/,
      },
      'deep link': { body: { url: '/notices', reason: 'r' }, status: 422, msg: /does not answer 200/ },
      'remote 404': {
        body: { url: remote('/lib/gone.js'), reason: 'r' },
        status: 422,
        msg: /does not answer 200 \(404\)/,
      },
      'remote 500': { body: { url: remote('/lib/error.js'), reason: 'r' }, status: 422, msg: /\(500\)/ },
      redirect: { body: { url: remote('/lib/moved.js'), reason: 'r' }, status: 422, msg: /\(302\)/ },
      timeout: {
        body: { url: remote('/lib/hang.js'), reason: 'r' },
        status: 422,
        msg: /no answer in 3000 ms/,
      },
      'remote HTML': { body: { url: remote('/lib/page'), reason: 'r' }, status: 422, msg: /answers HTML/ },
      'HTML as JS': {
        body: { url: remote('/lib/disguised.js'), reason: 'r' },
        status: 422,
        msg: /answers HTML/,
      },
      'local HTML': { body: { url: '/notices/help.html', reason: 'r' }, status: 422, msg: /answers HTML/ },
      'index.html': { body: { url: '/index.html', reason: 'r' }, status: 422, msg: /answers HTML/ },
      JSON: {
        body: { url: remote('/lib/data.json'), reason: 'r' },
        status: 422,
        msg: /not JavaScript or CSS/,
      },
      'text file': {
        body: { url: '/notices/readme.txt', reason: 'r' },
        status: 422,
        msg: /not JavaScript or CSS/,
      },
      'too large': { body: { url: remote('/lib/huge.js'), reason: 'r' }, status: 422, msg: /larger than/ },
      'integrity mismatch': {
        body: { url: ok, integrity: sri('other bytes'), reason: 'r' },
        status: 422,
        msg: /integrity mismatch/,
      },
      'malformed integrity': {
        body: { url: ok, integrity: 'sha1-abc', reason: 'r' },
        status: 400,
        msg: /body.integrity/,
      },
      'no reason': { body: { url: ok }, status: 400, msg: /body.reason/ },
      'blank reason': { body: { url: ok, reason: '   ' }, status: 400, msg: /body.reason/ },
      'markup in reason': { body: { url: ok, reason: '<b>x</b>' }, status: 400, msg: /body.reason/ },
      'long reason': { body: { url: ok, reason: 'x'.repeat(201) }, status: 400, msg: /body.reason/ },
      'url as number': { body: { url: 5, reason: 'r' }, status: 400, msg: /body.url/ },
    };
    const badIfMatch = await s.call(
      'PUT',
      entry('100002', NOTICES),
      withKey({ headers: { 'If-Match': '*' }, body: { url: ok, reason: 'r' } }),
    );
    assert.equal(badIfMatch.status, 400);
    assert.match(badIfMatch.json.msg, /If-Match/);
    for (const [name, c] of Object.entries(cases)) {
      const before = await snapshot(s);
      const res = await pin(
        c.scope ?? '100002',
        c.spec ?? NOTICES,
        c.ifMatch === undefined ? v2 : c.ifMatch,
        c.body,
      );
      assert.equal(res.status, c.status, `${name}: ${JSON.stringify(res.json)}`);
      assert.equal(res.json.success, false, name);
      assert.match(res.json.msg, c.msg, name);
      assert.equal(await snapshot(s), before, `${name} changed nothing`);
    }
    const zh = await pin('100002', 'react', v2, { url: '/deps/react.Rc12Ab34.js', reason: 'r' }, 'zh_CN');
    assert.equal(zh.json.msg, 'react 由所有包共享，不能按租户固定版本');
    // Base may move a shared dependency (every tenant moves with it).
    const baseShared = await pin('base', 'react', await version('base'), {
      url: '/deps/react.Rc12Ab34.js',
      integrity: sri('react'),
      reason: 'same react, pinned',
    });
    assert.equal(baseShared.status, 200, JSON.stringify(baseShared.json));
  });

  it('two concurrent publishes with the same If-Match: exactly one wins, the other gets 412', async () => {
    const { s, origin } = w;
    const v = await version('100002');
    const a = pin('100002', NOTICES, v, { url: `${origin.url}/slow-a.js`, reason: 'team a' });
    const b = pin('100002', NOTICES, v, { url: `${origin.url}/slow-b.js`, reason: 'team b' });
    // Both requests are past their checks' start and wait on the origin together; then both go on.
    await origin.heldCount(2);
    origin.release();
    const results = await Promise.all([a, b]);
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [200, 412]);
    const winner = results.find((r) => r.status === 200)!;
    const loser = results.find((r) => r.status === 412)!;
    assert.equal(loser.json.data.current, winner.json.data.version);
    assert.equal(await version('100002'), winner.json.data.version);
    const history = (await s.call('GET', '/api/deploy/history?scope=100002', withKey())).json.data;
    assert.equal(
      history.filter((r: { reason: string }) => r.reason === 'team a' || r.reason === 'team b').length,
      1,
    );

    // Same-origin checks (no waiting on a network) race the same way.
    const v2 = await version('100002');
    const pair = await Promise.all([
      pin('100002', NOTICES, v2, { url: '/notices/notices.Nt12Ab34.js', reason: 'x' }),
      pin('100002', NOTICES, v2, { url: '/notices/notices.Nt99Zz00.js', reason: 'y' }),
    ]);
    assert.deepEqual(pair.map((r) => r.status).sort(), [200, 412]);
  });

  it('unpins a tenant entry with If-Match; unknown entries are 404 and a stale If-Match 412', async () => {
    const { s } = w;
    const del = (
      scope: string,
      specifier: string,
      ifMatch: string | null,
      body: object = { reason: 'back to base' },
    ) =>
      s.call(
        'DELETE',
        entry(scope, specifier),
        withKey({ headers: ifMatch ? { 'If-Match': ifMatch } : {}, body }),
      );
    const v = await version('100002');
    const before = await snapshot(s);
    assert.equal((await del('100002', NOTICES, null)).status, 428);
    assert.equal((await del('100002', NOTICES, '"0123456789abcdef"')).status, 412);
    const missing = await del('100002', LEAVE, v);
    assert.equal(missing.status, 404);
    assert.match(missing.json.msg, /没有固定 @ops\/app-leave/);
    assert.equal((await del('100002', NOTICES, v, {})).status, 400);
    assert.equal(await snapshot(s), before);
    const res = await del('100002', NOTICES, v);
    assert.equal(res.status, 200, res.text);
    const map = (await served('100002')).json;
    assert.equal(map.imports['@ops/notices'], BUILD_MAP.imports['@ops/notices']);
    const [row] = (await s.call('GET', '/api/deploy/history?scope=100002', withKey())).json.data;
    assert.equal(row.change.kind, 'unpin');
    assert.equal(row.change.specifier, '@ops/notices');
  });

  it('rolls a scope back to a version it had, in one call; the history only grows', async () => {
    const { s } = w;
    const history = (await s.call('GET', '/api/deploy/history?scope=100001', withKey())).json.data;
    const seed = history.at(-1);
    assert.equal(seed.change.kind, 'seed');
    const current = await version('100001');
    assert.notEqual(current, seed.version);
    const before = await snapshot(s);
    const rb = (body: object, headers: Record<string, string> = {}) =>
      s.call('POST', '/api/deploy/importmap/100001/rollback', withKey({ headers, body }));
    const unknown = await rb({ version: '0123456789abcdef', reason: 'r' });
    assert.equal(unknown.status, 404);
    const otherScope = await rb({ version: await version('100002'), reason: 'r' });
    assert.equal(otherScope.status, 404, 'a version of another scope is not this scope’s');
    assert.equal(
      (await rb({ version: seed.version, reason: 'r' }, { 'If-Match': '"0123456789abcdef"' })).status,
      412,
    );
    assert.equal((await rb({ version: 'zz', reason: 'r' })).status, 400);
    assert.equal(await snapshot(s), before);

    const res = await rb(
      { version: seed.version, reason: 'the cdn build misbehaves' },
      { 'If-Match': `"${current}"` },
    );
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.data, { scope: '100001', version: seed.version, previous: current });
    const map = (await served('100001')).json;
    assert.equal(map.imports['@ops/notices'], BUILD_MAP.imports['@ops/notices']);
    assert.equal(map.imports['@ops/app-leave'], '/apps/leave/leave.hydro.js');
    const after = (await s.call('GET', '/api/deploy/history?scope=100001', withKey())).json.data;
    assert.equal(after.length, history.length + 1);
    assert.deepEqual(after.slice(1), history, 'older rows unchanged');
    assert.equal(after[0].change.kind, 'rollback');
    assert.equal(after[0].change.toVersion, seed.version);
    assert.deepEqual(after[0].change.entries, [
      { specifier: '@ops/notices', from: `${w.origin.url}/lib/ok.js`, to: null },
    ]);
    // The database itself refuses to rewrite or drop history and versions.
    const db = s.app.opsDb;
    await assert.rejects(db.run(sql`UPDATE deploy_history SET reason = 'edited'`), /append-only/);
    await assert.rejects(db.run(sql`DELETE FROM deploy_history`), /append-only/);
    await assert.rejects(db.run(sql`UPDATE deploy_versions SET layer = '{}'`), /immutable/);
  });

  it('rolls a tenant without a seed back to its start: the previous of its first change', async () => {
    const { s } = w;
    const history = (await s.call('GET', '/api/deploy/history?scope=000000', withKey())).json.data;
    assert.equal(history.length, 0);
    const start = await version('000000');
    const pinned = await pin('000000', NOTICES, start, {
      url: '/notices/notices.Nt99Zz00.js',
      reason: 'try',
    });
    assert.equal(pinned.status, 200, pinned.text);
    assert.equal(pinned.json.data.previous, start);
    const res = await s.call(
      'POST',
      '/api/deploy/importmap/000000/rollback',
      withKey({ body: { version: start, reason: 'back to the build' } }),
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.data.version, start);
    assert.equal((await served('000000')).json.imports['@ops/notices'], BUILD_MAP.imports['@ops/notices']);
    assert.match(
      (await served('000000')).headers.get('etag')!,
      /^"[0-9a-f]{16}\.0\./,
      'no pins: tenant part 0',
    );
  });

  it('seeds from the files only once: a restart keeps the pointers, not the files', async () => {
    // Another server on the same data: the pin file is still there, the API's versions win.
    const scopes = (await w.s.call('GET', '/api/deploy/scopes', withKey())).json.data;
    assert.ok(scopes.length >= 4);
    const { deployService } = await import('../src/deploy/service.ts');
    const bus = await openBus(w.s.app.opsDb);
    try {
      const again = deployService(w.s.app.opsDb, bus, Date.now, {
        distDir: w.dist,
        importMapDir: `${w.root}/tenants`,
        siteConfigPath: null,
        deployKey: null,
      });
      const before = await snapshot(w.s);
      await again.seed(w.s.app.log);
      assert.equal(await snapshot(w.s), before);
    } finally {
      await bus.close();
    }
  });
});
