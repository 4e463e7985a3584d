import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type FieldCases,
  SETTING_CASES,
  TENANT_CASES,
  USER_CASES,
} from '../../apps/system/test-support/rule-cases.ts';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

const TENANT = '/api/blade-system/tenant';
const USER = '/api/blade-system/user';
const ROLES = '/api/blade-system/role/list';

/**
 * The system pages' forms and the server refuse the same values: every bad value of the shared table
 * (the forms' unit tests refuse each of them too) answers 400 and changes nothing; every good one is taken.
 */
describe('system pages: the server refuses exactly what the tenant and user forms refuse', () => {
  let s: TestServer;
  let platform: string;
  let hydro: string;
  let roleId: string;
  let tenantRow: string;
  let userId: string;
  const post = (path: string, token: string, body: unknown) => s.call('POST', path, { token, body });

  /** Sends `bodyOf(value)` for each value: bad ones 400 with nothing changed, good ones 200. */
  async function agree(
    cases: Record<string, FieldCases>,
    send: (field: string, value: string) => Promise<{ status: number; text: string }>,
  ) {
    for (const [field, { bad, good }] of Object.entries(cases)) {
      for (const value of bad) {
        const before = await fingerprint(s);
        const res = await send(field, value);
        assert.equal(res.status, 400, `${field} ${JSON.stringify(value)}: ${res.text}`);
        assert.equal(await fingerprint(s), before, `${field} ${JSON.stringify(value)} changed nothing`);
      }
      for (const value of good) {
        const res = await send(field, value);
        assert.equal(res.status, 200, `${field} ${JSON.stringify(value)}: ${res.text}`);
      }
    }
  }

  before(async () => {
    s = await startServer();
    platform = (await s.login('000000', 'admin', 'admin123')).access_token;
    hydro = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    const created = await post(`${TENANT}/submit`, platform, { tenantName: '规则租户', kind: 'water' });
    assert.equal(created.status, 200, created.text);
    tenantRow = created.json.data.id;
    const roles = await s.call('GET', ROLES, { token: hydro });
    roleId = roles.json.data.find((r: { roleAlias: string }) => r.roleAlias === 'operator').id;
    const user = await post(`${USER}/submit`, hydro, { account: 'rule00', realName: '规则', roleId });
    assert.equal(user.status, 200, user.text);
    userId = user.json.data.id;
  });
  after(() => s.close());

  it('tenant/submit: new and edited tenants', async () => {
    await agree(TENANT_CASES, (field, value) =>
      post(`${TENANT}/submit`, platform, { id: tenantRow, tenantName: '规则租户', [field]: value }),
    );
    // A new tenant is refused the same way (a bad value creates no tenant).
    await agree({ tenantName: { bad: TENANT_CASES.tenantName.bad, good: [] } }, (_f, value) =>
      post(`${TENANT}/submit`, platform, { tenantName: value }),
    );
  });

  it('tenant/setting', async () => {
    await agree(SETTING_CASES, (field, value) =>
      post(`${TENANT}/setting`, platform, {
        ids: tenantRow,
        accountNumber: '10',
        expireTime: '',
        [field]: value,
      }),
    );
  });

  it('user/update: the same fields but the account', async () => {
    // First, and clearing the phone after, so the good phones are free for the new users below.
    const { account: _account, ...editable } = USER_CASES;
    await agree(editable, (field, value) => post(`${USER}/update`, hydro, { id: userId, [field]: value }));
    assert.equal((await post(`${USER}/update`, hydro, { id: userId, phone: '' })).status, 200);
  });
  it('user/submit: every field of a new user', async () => {
    let n = 0;
    await agree(USER_CASES, (field, value) => {
      n += 1;
      // Each good value makes a user: a fresh account (and no phone twice) unless the account is tested.
      const body: Record<string, string> = { account: `rule${n}`, realName: '规则', roleId, [field]: value };
      if (field !== 'phone' && body.phone === undefined) delete body.phone;
      return post(`${USER}/submit`, hydro, body);
    });
  });
});

describe('GET /api/blade-system/role/list', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  it("answers the caller's tenant's roles, by sort, to an administrator only", async () => {
    const hydro = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    const storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
    const operator = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    const mine = await s.call('GET', ROLES, { token: hydro });
    assert.equal(mine.status, 200, mine.text);
    const roles = mine.json.data as { id: string; roleName: string; roleAlias: string; sort: number }[];
    assert.ok(roles.some((r) => r.roleAlias === 'admin'));
    assert.ok(roles.some((r) => r.roleAlias === 'operator'));
    for (const r of roles) {
      assert.deepEqual(Object.keys(r).sort(), ['id', 'roleAlias', 'roleName', 'sort']);
      assert.match(r.id, /^[1-9][0-9]*$/);
    }
    assert.deepEqual(
      roles.map((r) => r.sort),
      roles.map((r) => r.sort).sort((a, b) => a - b),
    );
    const theirs = (await s.call('GET', ROLES, { token: storage })).json.data as { id: string }[];
    assert.ok(theirs.length > 0);
    assert.ok(!theirs.some((r) => roles.some((m) => m.id === r.id)), 'no role of another tenant');
    // A name filter, taken literally.
    const admin = roles.find((r) => r.roleAlias === 'admin')!;
    const filtered = await s.call('GET', `${ROLES}?roleName=${encodeURIComponent(admin.roleName)}`, {
      token: hydro,
    });
    assert.ok(filtered.json.data.some((r: { id: string }) => r.id === admin.id));
    assert.equal((await s.call('GET', `${ROLES}?roleName=%25`, { token: hydro })).json.data.length, 0);
    // Not an administrator; no token.
    assert.equal((await s.call('GET', ROLES, { token: operator })).status, 403);
    assert.equal((await s.call('GET', ROLES)).status, 401);
    // Bad input: a name filter too long, or not a single string.
    assert.equal((await s.call('GET', `${ROLES}?roleName=${'x'.repeat(21)}`, { token: hydro })).status, 400);
    assert.equal((await s.call('GET', `${ROLES}?roleName=a&roleName=b`, { token: hydro })).status, 400);
  });
});
