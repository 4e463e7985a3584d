import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { createApp, md5hex } from '../src/index.ts';
import { BASIC, startServer, type TestServer, tokenGrant, tokenUrl, wire } from './helpers.ts';

const H = { Authorization: BASIC };

const userInfo = (s: TestServer, token: string) =>
  s.call('GET', '/api/blade-system/oauth/user-info', { token });
/** A refresh-token grant, for tenant 100001 unless another is named. */
const refresh = (s: TestServer, refreshToken: string, tenantId = '100001') =>
  tokenGrant(s, { tenantId, grant_type: 'refresh_token', refresh_token: refreshToken });
/** A password grant of tenant 100001, the password as the login page sends it. */
const passwordGrant = (s: TestServer, username: string, password: string) =>
  tokenGrant(s, { tenantId: '100001', username, password: wire(password) });

describe('sessions: conflict, refresh rotation, logout, token checks', () => {
  let s: TestServer;
  let clock = Date.now();
  before(async () => {
    s = await startServer({ now: () => clock, accessTokenTtl: 7200, refreshTokenTtl: 86400 });
  });
  after(() => s.close());

  it('answers 1800100001 with a uuid to a second login, and the uuid retry forces it', async () => {
    const first = await s.login('100001', 'operator', 'Operator@2026');
    const second = await passwordGrant(s, 'operator', 'Operator@2026');
    assert.equal(second.json.code, 1800100001);
    assert.equal(second.json.success, false);
    assert.match(second.json.data.uuid, /^[0-9a-f-]{36}$/);
    assert.equal(second.json.access_token, undefined);
    assert.equal(
      second.json.error_description,
      undefined,
      'the login page must show the confirmation, not an error',
    );
    // The first session still works until the force.
    assert.equal((await userInfo(s, first.access_token)).status, 200);
    // Force: uuid and the plain md5 (no wrapping).
    const forced = await tokenGrant(s, {
      tenantId: '100001',
      username: 'operator',
      password: md5hex('Operator@2026'),
      uuid: second.json.data.uuid,
    });
    assert.equal(forced.status, 200, forced.text);
    assert.ok(forced.json.access_token);
    const old = await userInfo(s, first.access_token);
    assert.equal(old.status, 401);
    assert.equal(old.json.code, 600);
    // The uuid is single-use.
    const again = await tokenGrant(s, {
      tenantId: '100001',
      username: 'operator',
      password: md5hex('Operator@2026'),
      uuid: second.json.data.uuid,
    });
    assert.equal(again.status, 400);
    assert.ok(again.json.error_description);
  });

  it('does not reveal a conflict to a wrong password', async () => {
    const res = await passwordGrant(s, 'operator', 'Wrong@2026');
    assert.equal(res.status, 400);
    assert.notEqual(res.json.code, 1800100001);
  });

  it('rotates refresh tokens and revokes the family when a spent one is reused', async () => {
    const t0 = await s.login('100001', 'hzinfo', 'Hzinfo@2026');
    const r1 = await tokenGrant(s, {
      tenantId: '100001',
      grant_type: 'refresh_token',
      refresh_token: t0.refresh_token,
      scope: 'all',
    });
    assert.equal(r1.status, 200, r1.text);
    assert.notEqual(r1.json.refresh_token, t0.refresh_token);
    assert.notEqual(r1.json.access_token, t0.access_token);
    assert.equal(r1.json.account, 'hzinfo');
    // The new access token works.
    assert.equal((await userInfo(s, r1.json.access_token)).status, 200);
    // Reusing the spent token: 401/600 and the whole family is revoked.
    const reuse = await refresh(s, t0.refresh_token);
    assert.equal(reuse.status, 401);
    assert.equal(reuse.json.code, 600);
    assert.ok(reuse.json.error_description);
    const latest = await refresh(s, r1.json.refresh_token);
    assert.equal(latest.status, 401);
    assert.equal((await userInfo(s, r1.json.access_token)).status, 401);
  });

  it('refuses a refresh token from another tenant and the /oauth/token/refresh alias rotates too', async () => {
    const t0 = await s.login('100002', 'admin', 'Storage@2026');
    const wrongTenant = await refresh(s, t0.refresh_token);
    assert.equal(wrongTenant.status, 401);
    const alias = await s.call(
      'POST',
      `/api/blade-system/oauth/token/refresh?${new URLSearchParams({ tenantId: '100002', refresh_token: t0.refresh_token })}`,
      { headers: H },
    );
    assert.equal(alias.status, 200, alias.text);
    assert.ok(alias.json.refresh_token);
  });

  it('logout (GET and POST) revokes the session: access and refresh tokens stop working', async () => {
    for (const method of ['GET', 'POST']) {
      const t0 = await s.login('100001', 'newbie', 'Init@2026');
      const out = await s.call(method, '/api/blade-system/oauth/logout', { token: t0.access_token });
      assert.equal(out.status, 200);
      assert.equal(out.json.success, true);
      const me = await userInfo(s, t0.access_token);
      assert.equal(me.status, 401);
      assert.equal(me.json.code, 600);
      const refreshed = await refresh(s, t0.refresh_token);
      assert.equal(refreshed.status, 401);
    }
  });

  it('answers 401 with body code 600 to missing, malformed, forged and expired tokens', async () => {
    const missing = await s.call('GET', '/api/blade-system/menu/routes');
    assert.equal(missing.status, 401);
    assert.equal(missing.json.code, 600);
    const garbage = await s.call('GET', '/api/blade-system/menu/routes', { token: 'not-a-jwt' });
    assert.equal(garbage.json.code, 600);
    const t0 = await s.login('100001', 'fresh', '123456');
    const [h, p] = t0.access_token.split('.');
    const forged = await new SignJWT(JSON.parse(Buffer.from(p!, 'base64url').toString()))
      .setProtectedHeader(JSON.parse(Buffer.from(h!, 'base64url').toString()))
      .sign(new TextEncoder().encode('a-guessed-secret-a-guessed-secret!!'));
    const forgedRes = await s.call('GET', '/api/blade-system/menu/routes', { token: forged });
    assert.equal(forgedRes.status, 401);
    assert.equal(forgedRes.json.code, 600);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    assert.equal((await s.call('GET', '/api/blade-system/menu/routes', { token: unsigned })).status, 401);
    // Hzinfo-Auth carries a token too.
    const hz = await s.call('GET', '/api/blade-system/oauth/user-info', {
      headers: { 'Hzinfo-Auth': `bearer ${t0.hz_access_token}` },
    });
    assert.equal(hz.status, 200);
    // Expiry: move the clock past the access-token lifetime.
    clock += 7201 * 1000;
    const expired = await userInfo(s, t0.access_token);
    assert.equal(expired.status, 401);
    assert.equal(expired.json.code, 600);
    // The refresh token is still valid and brings a working access token back.
    const renewed = await refresh(s, t0.refresh_token);
    assert.equal(renewed.status, 200);
    clock += 86401 * 1000;
    const late = await refresh(s, renewed.json.refresh_token);
    assert.equal(late.status, 401);
  });
});

describe('login rate limits', () => {
  it('answers 429 after repeated failures for one account, while other accounts still sign in', async () => {
    const s = await startServer({
      loginLimits: { perAccount: { max: 3, windowMs: 60_000 }, perAddress: { max: 100, windowMs: 60_000 } },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await passwordGrant(s, 'admin', 'bad');
        assert.equal(res.status, 400);
      }
      const blocked = await passwordGrant(s, 'admin', 'Hydro@2026');
      assert.equal(blocked.status, 429);
      assert.equal(blocked.json.code, 429);
      assert.match(blocked.json.msg, /\d+/);
      assert.ok(blocked.json.error_description);
      assert.ok(Number(blocked.headers.get('retry-after')) > 0);
      const other = await s.login('100001', 'operator', 'Operator@2026');
      assert.ok(other.access_token);
    } finally {
      await s.close();
    }
  });

  it('answers 429 after repeated failures from one address across accounts', async () => {
    const s = await startServer({
      loginLimits: { perAccount: { max: 100, windowMs: 60_000 }, perAddress: { max: 4, windowMs: 60_000 } },
    });
    try {
      for (const account of ['a1', 'a2', 'a3', 'a4']) {
        await passwordGrant(s, account, 'bad');
      }
      const blocked = await passwordGrant(s, 'operator', 'Operator@2026');
      assert.equal(blocked.status, 429);
    } finally {
      await s.close();
    }
  });
});

describe('signing key', () => {
  it('is generated once per data folder (mode 0600) and tokens survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-key-'));
    try {
      const db = join(dir, 'console.sqlite');
      const a = await createApp({ dbPath: db, dataDir: dir, passwordCost: 1024 });
      const key1 = readFileSync(join(dir, 'signing-key.json'), 'utf8');
      assert.equal(statSync(join(dir, 'signing-key.json')).mode & 0o777, 0o600);
      const login = await a.inject({
        method: 'POST',
        url: tokenUrl({ tenantId: '100001', username: 'admin', password: wire('Hydro@2026') }),
        headers: H,
      });
      const token = login.json().access_token;
      await a.close();
      const b = await createApp({ dbPath: db, dataDir: dir, passwordCost: 1024 });
      assert.equal(readFileSync(join(dir, 'signing-key.json'), 'utf8'), key1);
      const me = await b.inject({
        url: '/api/blade-system/oauth/user-info',
        headers: { 'Blade-Auth': `bearer ${token}` },
      });
      assert.equal(me.statusCode, 200);
      await b.close();
      // Another data folder means another key: the token is refused there.
      const other = mkdtempSync(join(tmpdir(), 'ops-key-'));
      const c = await createApp({ dbPath: ':memory:', dataDir: other, passwordCost: 1024 });
      assert.notEqual(readFileSync(join(other, 'signing-key.json'), 'utf8'), key1);
      const refused = await c.inject({
        url: '/api/blade-system/oauth/user-info',
        headers: { 'Blade-Auth': `bearer ${token}` },
      });
      assert.equal(refused.statusCode, 401);
      await c.close();
      rmSync(other, { recursive: true, force: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
