import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { md5hex } from '../src/index.ts';
import { aes, BASIC, startServer, type TestServer, tokenUrl, wire } from './helpers.ts';

const DEMO: [string, string, string][] = [
  ['000000', 'admin', 'admin123'],
  ['100001', 'admin', 'Hydro@2026'],
  ['100001', 'operator', 'Operator@2026'],
  ['100001', 'newbie', 'Init@2026'],
  ['100001', 'znywpt', 'Znywpt@2026'],
  ['100001', 'hzinfo', 'Hzinfo@2026'],
  ['100001', 'fresh', '123456'],
  ['100002', 'admin', 'Storage@2026'],
];

describe('token endpoint: password grant', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  for (const [tenantId, account, password] of DEMO) {
    it(`signs in ${tenantId}/${account} with the wire-wrapped password`, async () => {
      const tokens = await s.login(tenantId, account, password);
      assert.equal(tokens.token_type, 'bearer');
      assert.equal(tokens.account, account);
      assert.equal(tokens.tenant_id, tenantId);
      assert.ok(tokens.access_token.split('.').length === 3);
      assert.ok(tokens.hz_access_token && tokens.hz_access_token !== tokens.access_token);
      assert.ok(tokens.refresh_token.length >= 40);
      assert.ok(Number(tokens.expires_in) > 3000, 'access token outlives the client token time 3000 s');
      for (const field of ['user_name', 'nick_name', 'role_name', 'avatar', 'user_id', 'dept_id']) {
        assert.ok(field in tokens, `token response has ${field}`);
      }
    });
  }

  it('signs in 100002/viewer with the AES-encrypted username (system authentication on)', async () => {
    const res = await s.call(
      'POST',
      tokenUrl({
        tenantId: '100002',
        username: aes('viewer'),
        password: wire('Viewer@2026'),
        grant_type: 'password',
      }),
      {
        headers: { Authorization: BASIC, 'Tenant-Id': '100002' },
      },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json.account, 'viewer');
    const cookie = (res.headers.get('set-cookie') ?? '').split(/;\s*/);
    assert.equal(cookie[0], 'ops-tenant=100002');
    assert.deepEqual(cookie.slice(1).sort(), ['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Lax']);
  });

  it('refuses a plain username when system authentication is on', async () => {
    const res = await s.call(
      'POST',
      tokenUrl({ tenantId: '100002', username: 'viewer', password: wire('Viewer@2026') }),
      {
        headers: { Authorization: BASIC },
      },
    );
    assert.equal(res.status, 400);
    assert.ok(res.json.error_description);
  });

  it('accepts form-encoded parameters in the body', async () => {
    const res = await s.call('POST', '/api/blade-system/oauth/token', {
      raw: new URLSearchParams({
        tenantId: '100001',
        username: 'znywpt',
        password: wire('Znywpt@2026'),
        grant_type: 'password',
      }).toString(),
      contentType: 'application/x-www-form-urlencoded',
      headers: { Authorization: BASIC, 'Tenant-Id': '100001' },
    });
    // znywpt already has a session from the loop above: the conflict answer proves the body was read.
    assert.equal(res.json.code, 1800100001);
  });

  it('reads a form body as one string per name: a repeated name keeps its last value', async () => {
    const res = await s.call('POST', '/api/blade-system/oauth/token', {
      raw: `tenantId=100001&username=nobody&username=znywpt&password=${wire('Znywpt@2026')}`,
      contentType: 'application/x-www-form-urlencoded',
      headers: { Authorization: BASIC },
    });
    assert.equal(res.json.code, 1800100001, res.text);
  });

  it('answers error_description for a wrong password, and never a token', async () => {
    const res = await s.call(
      'POST',
      tokenUrl({ tenantId: '100001', username: 'operator', password: wire('wrong-pass') }),
      {
        headers: { Authorization: BASIC },
      },
    );
    assert.equal(res.status, 400);
    assert.equal(res.json.success, false);
    assert.ok(res.json.error_description.length > 0);
    assert.equal(res.json.access_token, undefined);
  });

  it('answers 401 with error_description without the client credentials', async () => {
    const res = await s.call(
      'POST',
      tokenUrl({ tenantId: '100001', username: 'operator', password: wire('Operator@2026') }),
    );
    assert.equal(res.status, 401);
    assert.ok(res.json.error_description);
    const bad = await s.call(
      'POST',
      tokenUrl({ tenantId: '100001', username: 'operator', password: wire('Operator@2026') }),
      {
        headers: { Authorization: `Basic ${Buffer.from('saber:nope').toString('base64')}` },
      },
    );
    assert.equal(bad.status, 401);
  });

  it('rejects unknown tenants, unknown grant types and a plain md5 without uuid', async () => {
    const h = { headers: { Authorization: BASIC } };
    const unknown = await s.call(
      'POST',
      tokenUrl({ tenantId: '999999', username: 'admin', password: wire('x') }),
      h,
    );
    assert.equal(unknown.status, 400);
    assert.ok(unknown.json.error_description);
    const grant = await s.call('POST', tokenUrl({ tenantId: '100001', grant_type: 'implicit' }), h);
    assert.equal(grant.status, 400);
    const plain = await s.call(
      'POST',
      tokenUrl({ tenantId: '100001', username: 'hzinfo', password: md5hex('Hzinfo@2026') }),
      h,
    );
    assert.equal(plain.status, 400);
    assert.ok(plain.json.error_description);
  });

  it('speaks English with Hz-Language en_US', async () => {
    const res = await s.call(
      'POST',
      tokenUrl({ tenantId: '100001', username: 'operator', password: wire('nope') }),
      {
        headers: { Authorization: BASIC, 'Hz-Language': 'en_US' },
      },
    );
    assert.equal(res.json.error_description, 'wrong account or password');
  });
});
