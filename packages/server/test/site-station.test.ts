import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from './helpers.ts';

const SITES = '/api/blade-system/dept/getChildTenantDept';
const TREE = '/api/hzims-operational/ims/dept/getHydropowerTree';

describe('station headers (Tenant-Id, Dept-Id) scope what the server answers', () => {
  let s: TestServer;
  let hydro: string;
  let storage: string;
  let hydroSite: { id: string; stationId: string; deptName: string; tenantId: string };
  let storageSite: { id: string };
  const get = (path: string, token: string, headers?: Record<string, string>) =>
    s.call('GET', path, { token, headers });

  before(async () => {
    s = await startServer();
    hydro = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
    hydroSite = (await get(`${SITES}?current=1&size=10&stationId=HS0003`, hydro)).json.data.records[0];
    storageSite = (await get(`${SITES}?current=1&size=1`, storage)).json.data.records[0];
  });
  after(() => s.close());

  it('on the main site no row is joined and the tree is the whole tenant', async () => {
    const sites = await get(`${SITES}?current=1&size=10`, hydro);
    assert.equal(sites.status, 200);
    assert.equal(sites.json.data.total, 22);
    assert.ok(sites.json.data.records.every((r: { joined: boolean }) => r.joined === false));
    const tree = await get(TREE, hydro);
    assert.ok(tree.json.data[0].children.length > 0);
    assert.notEqual(tree.json.data[0].deptCategory, 4);
  });

  it('joined to a station, the site list marks it and the tree answers that station only', async () => {
    const headers = { 'Tenant-Id': hydroSite.tenantId, 'Dept-Id': hydroSite.id };
    const sites = await get(`${SITES}?current=1&size=10`, hydro, headers);
    assert.equal(sites.json.data.total, 22, 'the switcher still lists every station');
    const joined = sites.json.data.records.filter((r: { joined: boolean }) => r.joined);
    assert.deepEqual(
      joined.map((r: { stationId: string }) => r.stationId),
      ['HS0003'],
    );
    const tree = await get(TREE, hydro, headers);
    assert.equal(tree.status, 200);
    assert.equal(tree.json.data.length, 1);
    assert.equal(tree.json.data[0].stationId, 'HS0003');
    assert.equal(tree.json.data[0].deptCategory, 4);
    // Dept-Id alone is enough.
    const alone = await get(TREE, hydro, { 'Dept-Id': hydroSite.id });
    assert.equal(alone.json.data[0].stationId, 'HS0003');
  });

  it('refuses a station of another tenant, an unknown one, a department that is no station and a malformed id', async () => {
    const other = await get(TREE, hydro, { 'Tenant-Id': '100002', 'Dept-Id': hydroSite.id });
    assert.equal(other.status, 403);
    assert.match(other.json.msg, /站点不属于当前租户/);
    const foreign = await get(TREE, hydro, { 'Tenant-Id': '100001', 'Dept-Id': storageSite.id });
    assert.equal(foreign.status, 404);
    assert.match(foreign.json.msg, /站点不存在/);
    const unknown = await get(SITES, hydro, { 'Dept-Id': '999999' });
    assert.equal(unknown.status, 404);
    const en = await get(SITES, hydro, { 'Dept-Id': '999999', 'Hz-Language': 'en_US' });
    assert.equal(en.json.msg, 'no such station (999999)');
    const tree = (await get(TREE, hydro)).json.data;
    const company = tree[0].id;
    const notStation = await get(TREE, hydro, { 'Dept-Id': company });
    assert.equal(notStation.status, 404);
    const malformed = await get(TREE, hydro, { 'Dept-Id': 'abc' });
    assert.equal(malformed.status, 400);
    assert.match(malformed.json.msg, /站点部门编号无效/);
  });

  it('refusing changes nothing: a refused submit of the default station keeps the old one', async () => {
    const before = (await get('/api/hzims-operational/userDept/config/query', hydro)).json.data;
    const refused = await s.call(
      'POST',
      `/api/hzims-operational/userDept/config/submit?deptId=${hydroSite.id}`,
      {
        token: hydro,
        headers: { 'Dept-Id': '999999' },
      },
    );
    assert.equal(refused.status, 404);
    const now = (await get('/api/hzims-operational/userDept/config/query', hydro)).json.data;
    assert.deepEqual(now, before);
  });

  it('the token endpoint still reads Tenant-Id as the tenant signing in', async () => {
    const tokens = await s.login('100001', 'operator', 'Operator@2026');
    assert.ok(tokens.access_token);
  });
});
