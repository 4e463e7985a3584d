import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

describe('tenant isolation: a user of 100001 never reads or changes rows of 100002', () => {
  let s: TestServer;
  let hydro: string;
  let storage: string;
  const other: Record<string, string> = {};

  before(async () => {
    s = await startServer();
    hydro = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
    const get = async (path: string) => (await s.call('GET', path, { token: storage })).json.data;
    other.menu = (await get('/api/blade-system/menu/lazy-list?parentId=0'))[0].id;
    const users = (await get('/api/blade-system/user/page?size=10')).records;
    other.user = users.find((u: { account: string }) => u.account === 'viewer').id;
    other.notice = (await get('/api/blade-system/notice/getUnread?size=1')).records[0].id;
    other.message = (await get('/api/blade-system/message/record/getAlarmMessage?size=1')).records[0].id;
    other.site = (await get('/api/blade-system/dept/getChildTenantDept?size=1')).records[0].id;
    other.log = (await get('/api/blade-log/error/list?size=1')).records[0].id;
    const top = (await get('/api/blade-system/menu/top-menu'))[0].id;
    other.topMenu = top;
    const added = await s.call('POST', '/api/blade-system/dict/submit', {
      token: storage,
      body: { code: 'storage_local', dictKey: '-1', dictValue: '储能本地字典' },
    });
    other.dict = added.json.data.id;
  });
  after(() => s.close());

  it('reads of the other tenant answer 404 (or 403), never its data', async () => {
    const reads: [string, number][] = [
      [`/api/blade-system/menu/detail?id=${other.menu}`, 404],
      [`/api/blade-system/user/detail?id=${other.user}`, 404],
      [`/api/blade-log/error/detail?id=${other.log}`, 404],
      [`/api/blade-system/dict/detail?id=${other.dict}`, 404],
      [`/api/blade-system/dict/child-list?parentId=${other.dict}`, 404],
      [`/api/hzims-operational/userDept/config/query?userId=${other.user}`, 404],
      [`/api/blade-system/menu/routes?topMenuId=${other.topMenu}`, 404],
      ['/api/blade-system/menu/tree?tenantId=100002', 403],
      ['/api/blade-system/tenant/list', 403],
    ];
    for (const [path, status] of reads) {
      const res = await s.call('GET', path, { token: hydro });
      assert.equal(res.status, status, `${path}: ${res.text.slice(0, 120)}`);
      assert.equal(res.json.success, false);
    }
  });

  it('lists contain only the caller tenant rows', async () => {
    const sites = (
      await s.call('GET', '/api/blade-system/dept/getChildTenantDept?size=100', { token: hydro })
    ).json.data.records;
    assert.ok(sites.length > 0);
    assert.ok(
      sites.every(
        (r: { stationId: string; tenantId: string }) =>
          r.stationId.startsWith('HS') && r.tenantId === '100001',
      ),
    );
    const users = (await s.call('GET', '/api/blade-system/user/page?size=100', { token: hydro })).json.data
      .records;
    assert.ok(users.every((u: { tenantId: string }) => u.tenantId === '100001'));
    assert.ok(!users.some((u: { account: string }) => u.account === 'viewer'));
    const tree = JSON.stringify(
      (await s.call('GET', '/api/hzims-operational/ims/dept/getHydropowerTree', { token: hydro })).json.data,
    );
    assert.ok(!tree.includes('储能'));
    const dicts = (await s.call('GET', '/api/blade-system/dict/parent-list?size=100', { token: hydro })).json
      .data.records;
    assert.ok(!dicts.some((d: { code: string }) => d.code === 'storage_local'));
    const notices = (await s.call('GET', '/api/blade-system/notice/getUnread?size=100', { token: hydro }))
      .json.data.records;
    assert.ok(!notices.some((n: { id: string }) => n.id === other.notice));
  });

  it('writes aimed at the other tenant change nothing', async () => {
    const writes: [string, string, unknown][] = [
      ['POST', '/api/blade-system/user/update', { id: other.user, realName: '被改名' }],
      ['POST', `/api/blade-system/user/remove?ids=${other.user}`, undefined],
      ['POST', `/api/blade-system/user/reset-password?userIds=${other.user}`, undefined],
      ['POST', '/api/blade-system/user/save/layoutState', { id: other.user, layoutState: null }],
      ['POST', '/api/blade-system/menu/submit', { id: other.menu, code: 'hijack', name: 'x', category: 1 }],
      ['POST', `/api/blade-system/menu/remove?ids=${other.menu}`, undefined],
      ['POST', `/api/blade-system/notice/isReal?ids=${other.notice}`, undefined],
      ['GET', `/api/blade-system/message/record/readAlarmMessage?ids=${other.message}`, undefined],
      [
        'POST',
        '/api/blade-system/dict/submit',
        { id: other.dict, code: 'storage_local', dictKey: 'x', dictValue: 'x' },
      ],
      ['POST', `/api/blade-system/dict/remove?ids=${other.dict}`, undefined],
      ['POST', '/api/hzims-operational/userDept/config/submit', { deptId: other.site }],
      ['POST', '/api/hzims-operational/userDept/config/submit', { userId: other.user, deptId: other.site }],
    ];
    for (const [method, path, body] of writes) {
      const before = await fingerprint(s);
      const res = await s.call(method, path, { token: hydro, body });
      assert.ok(
        res.status === 404 || res.status === 403,
        `${method} ${path}: ${res.status} ${res.text.slice(0, 120)}`,
      );
      assert.equal(res.json.success, false);
      assert.equal(await fingerprint(s), before, `${method} ${path} changed rows`);
    }
  });

  it('a Tenant-Id header never switches the tenant of a token', async () => {
    const t = await s.login('100001', 'hzinfo', 'Hzinfo@2026');
    const me = await s.call('GET', '/api/blade-system/oauth/user-info', {
      token: t.access_token,
      headers: { 'Tenant-Id': '100002' },
    });
    assert.equal(
      me.json.data.tenant_id,
      '100001',
      'the Tenant-Id header never switches the tenant of a token',
    );
  });
});
