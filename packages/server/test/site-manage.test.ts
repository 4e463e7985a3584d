import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from '../src/db/database.ts';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

const SITES = '/api/blade-system/dept/getChildTenantDept';
const SUBMIT = '/api/blade-system/dept/submit';
const REMOVE = '/api/blade-system/dept/remove';
const BUTTONS = '/api/blade-system/menu/buttons';

interface SiteDto {
  id: string;
  stationId: string;
  deptName: string;
  linkman: string;
  contactNumber: string | null;
  tenantId: string;
  parentId: string;
  joined: boolean;
}

describe('site management: add, edit and delete a site (switch_add, switch_edit, switch_delete)', () => {
  let s: TestServer;
  let hydro: string;
  let storage: string;
  let operator: string;
  const post = (path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    s.call('POST', path, { token, body, headers });
  const list = async (token: string, q = '') =>
    (await s.call('GET', `${SITES}?current=1&size=100${q}`, { token })).json.data as {
      records: SiteDto[];
      total: number;
    };
  const codes = (nodes: { code: string; children?: unknown[] }[]): string[] =>
    nodes.flatMap((n) => [n.code, ...codes((n.children ?? []) as { code: string }[])]);

  before(async () => {
    s = await startServer();
    hydro = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
    operator = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
  });
  after(() => s.close());

  it('the tenant administrators of 100001 and 100002 hold the three buttons; the operator only switch_view', async () => {
    for (const token of [hydro, storage]) {
      const mine = codes((await s.call('GET', BUTTONS, { token })).json.data);
      for (const code of ['switch_view', 'switch_add', 'switch_edit', 'switch_delete']) {
        assert.ok(mine.includes(code), code);
      }
    }
    const theirs = codes((await s.call('GET', BUTTONS, { token: operator })).json.data);
    assert.ok(theirs.includes('switch_view'));
    assert.ok(!theirs.some((c) => ['switch_add', 'switch_edit', 'switch_delete'].includes(c)));
  });

  it('adds a site (fields trimmed) that the list then shows, last, under the company', async () => {
    const before = await list(hydro);
    const added = await post(SUBMIT, hydro, {
      stationId: ' HS9001 ',
      deptName: '新建水电站',
      linkman: '王五',
      contactNumber: '13912345678',
    });
    assert.equal(added.status, 200, added.text);
    assert.equal(added.json.code, 200);
    const site = added.json.data as SiteDto;
    assert.equal(site.stationId, 'HS9001');
    assert.equal(site.deptName, '新建水电站');
    assert.equal(site.tenantId, '100001');
    const after = await list(hydro);
    assert.equal(after.total, before.total + 1);
    assert.deepEqual(after.records.at(-1), site);
    const tree = (await s.call('GET', '/api/hzims-operational/ims/dept/getHydropowerTree', { token: hydro }))
      .json.data;
    assert.equal(site.parentId, tree[0].id, 'a new site goes under the company');
    // The other tenant does not see it.
    assert.equal((await list(storage, '&stationId=HS9001')).total, 0);
  });

  it('edits a site; keeping its own station id is no duplicate', async () => {
    const site = (await list(hydro, '&stationId=HS0002')).records[0]!;
    const edited = await post(SUBMIT, hydro, {
      id: site.id,
      stationId: 'HS0002',
      deptName: '白石窑电站',
      linkman: '吴敏',
      contactNumber: '0751-1234567',
    });
    assert.equal(edited.status, 200, edited.text);
    assert.equal(edited.json.data.deptName, '白石窑电站');
    assert.equal(edited.json.data.contactNumber, '0751-1234567');
    assert.equal(edited.json.data.parentId, site.parentId, 'an edit keeps the site where it is');
    const again = (await list(hydro, '&stationId=HS0002')).records[0]!;
    assert.equal(again.deptName, '白石窑电站');
  });

  it('refuses a duplicate station id (any case) on add and on edit, and changes nothing', async () => {
    const print = await fingerprint(s);
    const add = await post(SUBMIT, hydro, { stationId: 'hs0003', deptName: '重复', linkman: '某人' });
    assert.equal(add.status, 400);
    assert.equal(add.json.success, false);
    assert.equal(add.json.msg, '站点编号 hs0003 已存在');
    const site = (await list(hydro, '&stationId=HS0004')).records[0]!;
    const edit = await post(
      SUBMIT,
      hydro,
      { id: site.id, stationId: 'HS0003', deptName: site.deptName, linkman: site.linkman },
      { 'Hz-Language': 'en_US' },
    );
    assert.equal(edit.status, 400);
    assert.equal(edit.json.msg, 'station id HS0003 already exists');
    assert.equal(await fingerprint(s), print);
    // The same station id in another tenant is that tenant's own business.
    const other = await post(SUBMIT, storage, { stationId: 'HS0003', deptName: '储能新站', linkman: '某人' });
    assert.equal(other.status, 200, other.text);
  });

  it('refuses bad bodies by the §5 rules (required, 20 characters, blank, markup, contact) and changes nothing', async () => {
    const print = await fingerprint(s);
    const good = { stationId: 'HS9100', deptName: '好站', linkman: '张三' };
    const cases: [unknown, RegExp][] = [
      [{ deptName: '好站', linkman: '张三' }, /body\.stationId/],
      [{ ...good, deptName: undefined }, /body\.deptName/],
      [{ ...good, linkman: '' }, /body\.linkman/],
      [{ ...good, stationId: 'X'.repeat(21) }, /body\.stationId/],
      [{ ...good, deptName: '站'.repeat(21) }, /body\.deptName/],
      [{ ...good, linkman: '   ' }, /linkman 不能为空/],
      [{ ...good, deptName: '<b>站</b>' }, /body\.deptName/],
      [{ ...good, contactNumber: '12345' }, /body\.contactNumber/],
      [{ ...good, contactNumber: '15412345678' }, /body\.contactNumber/],
      [{ ...good, id: 'abc' }, /body\.id/],
      [{ ...good, stationId: 42 }, /body\.stationId/],
    ];
    for (const [body, msg] of cases) {
      const res = await post(SUBMIT, hydro, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.json.msg, msg, JSON.stringify(body));
    }
    const removed = await post(REMOVE, hydro, undefined);
    assert.equal(removed.status, 400);
    assert.match(removed.json.msg, /ids/);
    const malformed = await post(`${REMOVE}?ids=1,x`, hydro);
    assert.equal(malformed.status, 400);
    assert.equal(await fingerprint(s), print);
    const twenty = await post(SUBMIT, hydro, { ...good, deptName: '站'.repeat(20) });
    assert.equal(twenty.status, 200, '20 characters pass');
  });

  it('refuses another tenant’s site (edit and delete answer 404) and changes nothing', async () => {
    const foreign = (await list(storage, '&stationId=ES0001')).records[0]!;
    const print = await fingerprint(s);
    const edit = await post(SUBMIT, hydro, {
      id: foreign.id,
      stationId: 'ES0001',
      deptName: '改名',
      linkman: '某人',
    });
    assert.equal(edit.status, 404);
    assert.equal(edit.json.msg, `站点不存在或不属于当前租户（${foreign.id}）`);
    const own = (await list(hydro, '&stationId=HS0005')).records[0]!;
    const remove = await post(`${REMOVE}?ids=${own.id},${foreign.id}`, hydro);
    assert.equal(remove.status, 404);
    assert.match(remove.json.msg, new RegExp(foreign.id));
    assert.equal(await fingerprint(s), print, 'not even the own site of the list was removed');
    // A department that is no site is not a site either.
    const tree = (await s.call('GET', '/api/hzims-operational/ims/dept/getHydropowerTree', { token: hydro }))
      .json.data;
    const company = await post(REMOVE, hydro, { ids: tree[0].id });
    assert.equal(company.status, 404);
    assert.equal(await fingerprint(s), print);
  });

  it('refuses deleting the site the caller is on (Dept-Id) and deletes it from the main site', async () => {
    const site = (await list(hydro, '&stationId=HS0006')).records[0]!;
    const headers = { 'Tenant-Id': '100001', 'Dept-Id': site.id };
    const print = await fingerprint(s);
    const refused = await post(REMOVE, hydro, { ids: site.id }, headers);
    assert.equal(refused.status, 400);
    assert.equal(refused.json.msg, `不能删除当前所在的站点（${site.deptName}），请先返回主站`);
    assert.equal(await fingerprint(s), print);
    const en = await post(REMOVE, hydro, { ids: site.id }, { ...headers, 'Hz-Language': 'en_US' });
    assert.equal(
      en.json.msg,
      `cannot delete the site you are on (${site.deptName}); return to the main site first`,
    );

    const config = await post(`/api/hzims-operational/userDept/config/submit?deptId=${site.id}`, hydro);
    assert.equal(config.status, 200);
    const before = (await list(hydro)).total;
    const removed = await post(REMOVE, hydro, { ids: site.id });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.json.data, { removed: 1 });
    assert.equal((await list(hydro)).total, before - 1);
    assert.equal((await list(hydro, '&stationId=HS0006')).total, 0);
    const query = await s.call('GET', '/api/hzims-operational/userDept/config/query', { token: hydro });
    assert.equal(query.json.data, null, 'the default station that named it is gone too');
    // Deleted, it can no longer be joined, edited or deleted again.
    const join = await s.call('GET', SITES, { token: hydro, headers });
    assert.equal(join.status, 404);
    const again = await post(REMOVE, hydro, { ids: site.id });
    assert.equal(again.status, 404);
    // Its station id is free again.
    const reuse = await post(SUBMIT, hydro, { stationId: 'HS0006', deptName: '新濛里', linkman: '孙丽' });
    assert.equal(reuse.status, 200, reuse.text);
  });

  it('refuses the operator (no switch_add, switch_edit, switch_delete) with 403 and changes nothing', async () => {
    const site = (await list(operator, '&stationId=HS0007')).records[0]!;
    const print = await fingerprint(s);
    const add = await post(SUBMIT, operator, { stationId: 'HS9200', deptName: '某站', linkman: '某人' });
    assert.equal(add.status, 403);
    assert.equal(add.json.msg, '没有新增站点的权限（switch_add）');
    const edit = await post(
      SUBMIT,
      operator,
      { id: site.id, stationId: 'HS0007', deptName: '某站', linkman: '某人' },
      { 'Hz-Language': 'en_US' },
    );
    assert.equal(edit.status, 403);
    assert.equal(edit.json.msg, 'you may not edit sites (switch_edit)');
    const remove = await post(REMOVE, operator, { ids: site.id });
    assert.equal(remove.status, 403);
    assert.equal(remove.json.msg, '没有删除站点的权限（switch_delete）');
    const anonymous = await s.call('POST', SUBMIT, { body: { stationId: 'A', deptName: 'B', linkman: 'C' } });
    assert.equal(anonymous.status, 401);
    assert.equal(await fingerprint(s), print);
  });

  it('the permission follows the menu rows: a button granted to the operator role lets them add', async () => {
    const db = s.app.opsDb;
    await db.run(
      sql`UPDATE menus SET roles = 'admin,operator' WHERE tenant_id = '100001' AND code = 'switch_add'`,
    );
    try {
      const add = await post(SUBMIT, operator, {
        stationId: 'HS9300',
        deptName: '运维新站',
        linkman: '某人',
      });
      assert.equal(add.status, 200, add.text);
      const edit = await post(SUBMIT, operator, {
        id: add.json.data.id,
        stationId: 'HS9300',
        deptName: '改',
        linkman: '某人',
      });
      assert.equal(edit.status, 403, 'switch_edit is still the administrators’');
    } finally {
      await db.run(sql`UPDATE menus SET roles = 'admin' WHERE tenant_id = '100001' AND code = 'switch_add'`);
    }
  });
});
