import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { aes, fingerprint, startServer, type TestServer, wire } from './helpers.ts';

describe('API happy paths', () => {
  let s: TestServer;
  let admin: string;
  let operator: string;
  let viewer: string;
  let platform: string;
  const get = (path: string, token: string) => s.call('GET', path, { token });
  const post = (path: string, token: string, body?: unknown) => s.call('POST', path, { token, body });

  before(async () => {
    s = await startServer();
    admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    operator = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    viewer = (await s.login('100002', 'viewer', 'Viewer@2026')).access_token;
    platform = (await s.login('000000', 'admin', 'admin123')).access_token;
  });
  after(() => s.close());

  it('user-info carries the spec §3 fields, system params and the layout state', async () => {
    const res = await get('/api/blade-system/oauth/user-info', admin);
    assert.equal(res.json.code, 200);
    const d = res.json.data;
    for (const f of [
      'user_id',
      'account',
      'user_name',
      'real_name',
      'nick_name',
      'avatar',
      'role_name',
      'tenant_id',
      'deptId',
      'app_id',
      'isInit',
      'layoutState',
      'oauth_id',
    ]) {
      assert.ok(f in d, f);
    }
    assert.equal(d.systemParams.gglmOpenRelation, '1');
    assert.notEqual(d.deptId, '000000');
    assert.equal(JSON.parse(d.layoutState).layout, 'vertical');
    const v = await get('/api/blade-system/oauth/user-info', viewer);
    assert.equal(JSON.parse(v.json.data.layoutState).showVisual, true);
    assert.equal(v.json.data.systemParams.isSystemAuthentication, '1');
    const newbie = (await s.login('100001', 'newbie', 'Init@2026')).access_token;
    assert.equal((await get('/api/blade-system/oauth/user-info', newbie)).json.data.isInit, 1);
    // The menu walk of the end-to-end tests walks fresh's menu for newbie too (newbie must change the
    // password first) and the administrator's for hzinfo: they share a role, so their menus are the same.
    const roleOf = async (account: string) =>
      (await get(`/api/blade-system/user/page?account=${account}`, admin)).json.data.records[0].roleId;
    const freshRole = await roleOf('fresh');
    assert.ok(freshRole);
    assert.equal(await roleOf('newbie'), freshRole);
    // Likewise hzinfo's menu is the hydropower administrator's.
    const adminRole = await roleOf('admin');
    assert.ok(adminRole);
    assert.equal(await roleOf('hzinfo'), adminRole);
  });

  it('the public system params tell the login page whether usernames are encrypted', async () => {
    const res = await s.call('GET', '/api/blade-system/param/public?tenantId=100002');
    assert.deepEqual(res.json.data, { isSystemAuthentication: '1', gglmOpenRelation: '0' });
    assert.equal((await s.call('GET', '/api/blade-system/param/public?tenantId=123456')).status, 404);
  });

  it('menus: routes with sub-apps, fixed routes, iframe and external entries; role filtering', async () => {
    const res = await get('/api/blade-system/menu/routes', admin);
    const flat: Record<string, unknown>[] = [];
    const walk = (nodes: Record<string, unknown>[]) => {
      for (const n of nodes) {
        flat.push(n);
        walk((n.children as Record<string, unknown>[]) ?? []);
      }
    };
    walk(res.json.data);
    const byPath = (p: string) => flat.find((n) => n.path === p);
    assert.equal(byPath('/station-monitor/overview/index')?.appCode, 'station-monitor');
    assert.equal(byPath('/leave-workflow/apply/index')?.appCode, 'leave-workflow');
    for (const p of [
      '/noticeinfo/info',
      '/info/index',
      '/site/switch',
      '/inspect/robotTask/index',
      '/intelligentSpeech/transmit',
    ]) {
      assert.ok(byPath(p), p);
    }
    assert.ok(flat.some((n) => String(n.path).startsWith('/work/process/leave/form/')));
    assert.equal(flat.find((n) => n.iframe === true)?.path, '/embedded/station-report.html');
    assert.match(String(flat.find((n) => n.isOpen === true)?.path), /^https:\/\//);
    const overview = byPath('/station-monitor/overview/index') as {
      meta: { keepAlive: boolean; i18n: string };
    };
    assert.equal(overview.meta.keepAlive, true);
    assert.equal(overview.meta.i18n, 'menu.station_overview');
    assert.ok(
      flat.every((n) => n.category === 1),
      'routes carry no buttons',
    );
    assert.ok(flat.some((n) => n.code === 'system'));
    const op = await get('/api/blade-system/menu/routes', operator);
    assert.ok(
      !JSON.stringify(op.json.data).includes('"code":"system"'),
      'admin-only menu hidden from the operator',
    );
  });

  it('buttons: admin has warring_log and all switch_* codes, the operator only switch_view', async () => {
    const codes = (tree: Record<string, unknown>[]): string[] =>
      tree.flatMap((n) =>
        n.category === 2 ? [String(n.code)] : codes((n.children as Record<string, unknown>[]) ?? []),
      );
    const a = codes((await get('/api/blade-system/menu/buttons', admin)).json.data);
    for (const c of ['warring_log', 'switch_add', 'switch_view', 'switch_delete', 'switch_edit'])
      assert.ok(a.includes(c), c);
    const o = codes((await get('/api/blade-system/menu/buttons', operator)).json.data);
    assert.ok(o.includes('switch_view'));
    assert.ok(!o.includes('warring_log'));
    assert.ok(!o.includes('switch_delete'));
  });

  it('top menus filter the routes; the viewer has a visual menu', async () => {
    const tops = (await get('/api/blade-system/menu/top-menu', admin)).json.data;
    assert.ok(tops.length >= 3);
    const process = tops.find((t: { code: string }) => t.code === 'process');
    const routes = (await get(`/api/blade-system/menu/routes?topMenuId=${process.id}`, admin)).json.data;
    assert.deepEqual(
      routes.map((r: { code: string }) => r.code),
      ['workflow'],
    );
    const visual = (await get('/api/blade-system/menu/routes?group=visual', viewer)).json.data;
    assert.equal(visual.length, 1);
    assert.equal(visual[0].group, 'visual');
  });

  it('applications and all apps', async () => {
    const apps = (await get('/api/blade-system/application/applications', admin)).json.data.map(
      (a: { code: string }) => a.code,
    );
    assert.deepEqual(apps.sort(), ['leave-workflow', 'station-monitor', 'system']);
    const all = (await get('/api/blade-system/application/all', platform)).json.data;
    assert.deepEqual(
      all.map((a: { code: string }) => a.code),
      ['station-monitor', 'versions', 'system'],
    );
    const routesJson = await s.call('GET', '/cdn/common/routes.json');
    assert.ok(routesJson.json.some((r: { path: string }) => r.path === '/site/switch'));
  });

  it('menu administration: lazy-list, tree, detail, submit (create, update) and remove', async () => {
    const roots = (await get('/api/blade-system/menu/lazy-list?parentId=0', admin)).json.data;
    assert.ok(roots.some((r: { hasChildren: boolean }) => r.hasChildren));
    const tree = (await get('/api/blade-system/menu/tree', admin)).json.data;
    assert.ok(tree.length > 0 && tree[0].title);
    const created = await post('/api/blade-system/menu/submit', admin, {
      code: 'energy_report',
      name: '电量报表',
      path: '/station-monitor/report/index',
      category: 1,
      appCode: 'station-monitor',
      parentId: roots[0].id,
    });
    assert.equal(created.status, 200, created.text);
    const id = created.json.data.id;
    const detail = await get(`/api/blade-system/menu/detail?id=${id}`, admin);
    assert.equal(detail.json.data.name, '电量报表');
    const updated = await post('/api/blade-system/menu/submit', admin, {
      id,
      code: 'energy_report',
      name: '电量统计',
      category: 1,
    });
    assert.equal(updated.json.data.name, '电量统计');
    assert.equal((await post(`/api/blade-system/menu/remove?ids=${id}`, admin)).status, 200);
    assert.equal((await get(`/api/blade-system/menu/detail?id=${id}`, admin)).status, 404);
    assert.equal(
      (await post('/api/blade-system/menu/submit', operator, { code: 'x', name: 'x', category: 1 })).status,
      403,
    );
  });

  it('layout state: save a JSON string, read it back, reset with null', async () => {
    const info = (await get('/api/blade-system/oauth/user-info', operator)).json.data;
    const layout = JSON.stringify({ layout: 'classic', theme: 'theme-hzblack' });
    const saved = await post('/api/blade-system/user/save/layoutState', operator, {
      id: info.user_id,
      layoutState: layout,
    });
    assert.equal(saved.status, 200);
    assert.equal(saved.json.success, true);
    assert.equal((await get('/api/blade-system/oauth/user-info', operator)).json.data.layoutState, layout);
    await post('/api/blade-system/user/save/layoutState', operator, { id: info.user_id, layoutState: null });
    assert.equal((await get('/api/blade-system/oauth/user-info', operator)).json.data.layoutState, null);
  });

  it('update-password enforces the policy and then the new password signs in', async () => {
    const t = await s.login('100001', 'fresh', '123456');
    const call = (n: string, n1: string, old = '123456') =>
      post('/api/blade-system/user/update-password', t.access_token, {
        oldPassword: wire(old),
        newPassword: aes(n),
        newPassword1: aes(n1),
      });
    assert.match((await call('Abc#2026x', 'Abc#2026x', 'wrong')).json.msg, /原密码|old/);
    assert.equal((await call('Abc#2026x', 'Abc#2026y')).status, 400);
    assert.equal((await call('Ab1#', 'Ab1#')).status, 400);
    assert.equal((await call('abcdefgh1', 'abcdefgh1')).status, 400);
    assert.equal(
      (await call('Fresh#2026', 'Fresh#2026')).status,
      400,
      'contains the account, case-insensitively',
    );
    const good = await call('Safe#2026x', 'Safe#2026x');
    assert.equal(good.status, 200, good.text);
    const after = await s.call('GET', '/api/blade-system/oauth/user-info', { token: t.access_token });
    assert.equal(after.status, 401, 'the session that changed the password has ended');
    assert.equal(after.json.code, 600);
    // No conflict with the ended session: the new password signs in at once.
    assert.ok((await s.login('100001', 'fresh', 'Safe#2026x')).access_token);
  });

  it('updatePhone with a phone code, update-info, user info and detail', async () => {
    const issued = await s.call('GET', '/api/blade-system/oauth/phone-code?phone=13711112222');
    const ev = s.phoneCodes.find((e) => e.id === issued.json.data.id)!;
    const wrongCode = await post('/api/blade-system/oauth/updatePhone', operator, {
      phone: '13711112222',
      captcha: ev.code === '123456' ? '654321' : '123456',
      id: ev.id,
    });
    assert.equal(wrongCode.status, 400);
    const res = await post('/api/blade-system/oauth/updatePhone', operator, {
      phone: '13711112222',
      captcha: ev.code,
      id: ev.id,
    });
    assert.equal(res.status, 200, res.text);
    const info = await post('/api/blade-system/user/update-info', operator, {
      realName: '李娜娜',
      email: 'lina@example.com',
      avatar: '/img/bg/img-logo.png',
    });
    assert.equal(info.json.data.realName, '李娜娜');
    const me = await get('/api/blade-system/user/info', operator);
    assert.equal(me.json.data.phone, '13711112222');
    assert.equal(
      (await get(`/api/blade-system/user/detail?id=${me.json.data.id}`, operator)).json.data.account,
      'operator',
    );
  });

  it('user administration: page, submit, update, grant, reset-password, remove', async () => {
    const page = (await get('/api/blade-system/user/page?current=1&size=3', admin)).json.data;
    assert.equal(page.records.length, 3);
    assert.ok(page.total >= 6);
    const roles = (await get('/api/blade-system/user/page?account=operator', admin)).json.data.records[0]
      .roleId;
    const created = await post('/api/blade-system/user/submit', admin, {
      account: 'duty01',
      realName: '值班员',
      roleId: roles,
      phone: '13666666666',
    });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.json.data.isInit, 1);
    const uid = created.json.data.id;
    assert.ok(
      (await s.login('100001', 'duty01', '123456')).access_token,
      'new accounts get the default password',
    );
    assert.equal(
      (await post('/api/blade-system/user/update', admin, { id: uid, realName: '值班长' })).json.data
        .realName,
      '值班长',
    );
    assert.equal(
      (await post(`/api/blade-system/user/grant?userIds=${uid}&roleIds=${roles}`, admin)).status,
      200,
    );
    assert.equal((await post(`/api/blade-system/user/reset-password?userIds=${uid}`, admin)).status, 200);
    assert.equal((await post(`/api/blade-system/user/remove?ids=${uid}`, admin)).status, 200);
    assert.equal((await get(`/api/blade-system/user/detail?id=${uid}`, admin)).status, 404);
    assert.equal((await get('/api/blade-system/user/page', operator)).status, 403);
  });

  it('an account name of a removed user can be given again; a live one cannot', async () => {
    const roles = (await get('/api/blade-system/user/page?account=operator', admin)).json.data.records[0]
      .roleId;
    const submit = () =>
      post('/api/blade-system/user/submit', admin, { account: 'duty02', realName: '值班员', roleId: roles });
    const first = await submit();
    assert.equal(first.status, 200, first.text);
    const twice = await submit();
    assert.equal(twice.status, 400);
    assert.equal(twice.json.msg, '账号已存在');
    assert.equal((await post(`/api/blade-system/user/remove?ids=${first.json.data.id}`, admin)).status, 200);
    const again = await submit();
    assert.equal(again.status, 200, again.text);
    assert.notEqual(again.json.data.id, first.json.data.id);
    assert.ok((await s.login('100001', 'duty02', '123456')).access_token, 'the new account signs in');
    assert.equal((await submit()).status, 400, 'the name is taken again while the new account lives');
  });

  it('retrieve-password by phone code', async () => {
    const issued = await s.call('GET', '/api/blade-system/oauth/phone-code?phone=13800000004');
    const ev = s.phoneCodes.find((e) => e.id === issued.json.data.id)!;
    const res = await s.call('POST', '/api/blade-system/user/retrieve-password', {
      body: {
        tenantId: '100001',
        phone: '13800000004',
        id: ev.id,
        captcha: ev.code,
        newPassword: aes('Again#2026'),
        newPassword1: aes('Again#2026'),
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.ok((await s.login('100001', 'znywpt', 'Again#2026')).access_token);
  });

  it('notices: unread paging, filter by isReal, mark read', async () => {
    const unread = (await get('/api/blade-system/notice/getUnread?current=1&size=10&isReal=0', operator)).json
      .data;
    assert.ok(unread.total > 0);
    assert.ok(unread.records.every((n: { isReal: number }) => n.isReal === 0));
    for (const f of ['id', 'title', 'content', 'type', 'releaseTime', 'isReal'])
      assert.ok(f in unread.records[0], f);
    const read = (await get('/api/blade-system/notice/getUnread?isReal=1', operator)).json.data;
    assert.ok(read.total > 0);
    const target = unread.records[0].id;
    assert.equal((await post(`/api/blade-system/notice/isReal?ids=${target}`, operator)).status, 200);
    const after = (await get('/api/blade-system/notice/getUnread?isReal=0', operator)).json.data;
    assert.equal(after.total, unread.total - 1);
  });

  it('messages: unread counts per classification, alarm list with filters, mark read', async () => {
    const counts = (await get('/api/blade-system/message/record/getPersonalUnreadMessage', admin)).json.data;
    assert.ok(counts.length >= 3);
    assert.ok(
      counts.every((c: { businessClassify: string; todoNum: number }) => c.businessClassify && c.todoNum > 0),
    );
    const alarms = (
      await get(
        '/api/blade-system/message/record/getAlarmMessage?businessClassify=alarm&status=0&current=1&size=10',
        admin,
      )
    ).json.data;
    assert.ok(alarms.total > 0);
    for (const f of ['businessClassify', 'subject', 'status', 'pushTime', 'content'])
      assert.ok(f in alarms.records[0], f);
    const marked = await get(
      '/api/blade-system/message/record/readAlarmMessage?businessClassify=alarm',
      admin,
    );
    assert.equal(marked.json.data.marked, alarms.total);
    const again = (
      await get('/api/blade-system/message/record/getAlarmMessage?businessClassify=alarm&status=0', admin)
    ).json.data;
    assert.equal(again.total, 0);
    const all = await post('/api/blade-system/message/record/readAlarmMessage', admin);
    assert.equal(all.status, 200);
    assert.deepEqual(
      (await get('/api/blade-system/message/record/getPersonalUnreadMessage', admin)).json.data,
      [],
    );
  });

  it('dictionaries: all spec §3 codes, parent and child lists, tree, detail, submit and remove', async () => {
    for (const code of [
      'model_func_type',
      'model_func_status',
      'model_func_param_source',
      'model_func_control_param',
      'trade',
      'businessClassify',
      'notice',
      'messageStatus',
      'i18n_language',
    ]) {
      const list = (await get(`/api/blade-system/dict/dictionary?code=${code}`, operator)).json.data;
      assert.ok(list.length >= 2, code);
      assert.ok('dictKey' in list[0] && 'dictValue' in list[0]);
    }
    const parents = (await get('/api/blade-system/dict/parent-list?current=1&size=5', admin)).json.data;
    assert.equal(parents.records.length, 5);
    const trade = (await get('/api/blade-system/dict/parent-list?code=trade', admin)).json.data.records[0];
    const children = (await get(`/api/blade-system/dict/child-list?parentId=${trade.id}`, admin)).json.data;
    assert.ok(children.length >= 4);
    assert.equal((await get(`/api/blade-system/dict/detail?id=${trade.id}`, admin)).json.data.code, 'trade');
    assert.equal(
      (await get('/api/blade-system/dict/tree?code=trade', admin)).json.data[0].children.length,
      children.length,
    );
    const added = await post('/api/blade-system/dict/submit', admin, {
      parentId: trade.id,
      code: 'trade',
      dictKey: 'wind',
      dictValue: '风电',
    });
    assert.equal(added.status, 200, added.text);
    assert.ok(
      (await get('/api/blade-system/dict/dictionary?code=trade', admin)).json.data.some(
        (d: { dictKey: string }) => d.dictKey === 'wind',
      ),
    );
    assert.equal(
      (await post(`/api/blade-system/dict/remove?ids=${trade.id}`, admin)).status,
      403,
      'shared rows are read-only',
    );
    assert.equal((await post(`/api/blade-system/dict/remove?ids=${added.json.data.id}`, admin)).status, 200);
  });

  it('logs: usual, api and error lists and details; error upload', async () => {
    for (const kind of ['usual', 'api', 'error']) {
      const list = (await get(`/api/blade-log/${kind}/list?current=1&size=10`, admin)).json.data;
      assert.equal(list.records.length, 10, kind);
      assert.ok(list.total > 10, kind);
      const detail = await get(`/api/blade-log/${kind}/detail?id=${list.records[0].id}`, admin);
      assert.equal(detail.json.data.id, list.records[0].id);
    }
    const before = (await get('/api/blade-log/error/list', admin)).json.data.total;
    const up = await post('/api/blade-log/error/upload', operator, [
      {
        type: 'TypeError',
        url: '/x',
        message: 'boom',
        stack: 'at x',
        info: 'mount',
        time: '2026-01-01 10:00:00',
      },
    ]);
    assert.equal(up.json.data.saved, 1);
    assert.equal((await get('/api/blade-log/error/list', admin)).json.data.total, before + 1);
    assert.equal((await get('/api/blade-log/usual/list', operator)).status, 403);
  });

  it('sites: paging of 10, search by station, name and linkman; hydropower tree; default station config', async () => {
    const p1 = (await get('/api/blade-system/dept/getChildTenantDept?current=1&size=10', operator)).json.data;
    assert.equal(p1.records.length, 10);
    assert.ok(p1.total > 20);
    for (const f of ['stationId', 'deptName', 'linkman', 'contactNumber']) assert.ok(p1.records[0][f], f);
    const p3 = (await get('/api/blade-system/dept/getChildTenantDept?current=3&size=10', operator)).json.data;
    assert.equal(p3.records.length, p1.total - 20);
    const byName = (
      await get(
        `/api/blade-system/dept/getChildTenantDept?deptName=${encodeURIComponent('飞来峡')}`,
        operator,
      )
    ).json.data;
    assert.equal(byName.total, 1);
    assert.equal(
      (await get('/api/blade-system/dept/getChildTenantDept?linkman=%25', operator)).json.data.total,
      0,
      'LIKE wildcards are literal',
    );
    const tree = (await get('/api/hzims-operational/ims/dept/getHydropowerTree', operator)).json.data;
    assert.ok(tree[0].children.length > 0);
    const station = byName.records[0];
    const saved = await post('/api/hzims-operational/userDept/config/submit', operator, {
      deptId: station.id,
    });
    assert.equal(saved.json.data.deptName, station.deptName);
    assert.equal(
      (await get('/api/hzims-operational/userDept/config/query', operator)).json.data.deptId,
      station.id,
    );
  });

  it('tenants: list, detail, submit, setting, remove (platform only) and info by domain', async () => {
    const list = (await get('/api/blade-system/tenant/list?current=1&size=10', platform)).json.data;
    assert.equal(list.total, 3);
    const hydro = list.records.find((t: { tenantId: string }) => t.tenantId === '100001');
    assert.equal(
      (await get(`/api/blade-system/tenant/detail?id=${hydro.id}`, platform)).json.data.tenantName,
      'Hydro Demo',
    );
    const created = await post('/api/blade-system/tenant/submit', platform, {
      tenantName: 'Water Demo',
      kind: 'water',
      domain: 'water.ops.local',
    });
    assert.equal(created.status, 200, created.text);
    assert.match(created.json.data.tenantId, /^[0-9]{6}$/);
    assert.equal(
      (
        await post(
          `/api/blade-system/tenant/setting?ids=${created.json.data.id}&accountNumber=50&expireTime=2027-01-01`,
          platform,
        )
      ).json.data.changed,
      1,
    );
    const root = list.records.find((t: { tenantId: string }) => t.tenantId === '000000');
    assert.equal(
      (
        await post('/api/blade-system/tenant/submit', platform, {
          id: root.id,
          tenantName: 'x',
          visualFlag: 1,
        })
      ).status,
      400,
    );
    assert.equal((await post(`/api/blade-system/tenant/remove?ids=${root.id}`, platform)).status, 400);
    assert.equal(
      (await post(`/api/blade-system/tenant/remove?ids=${created.json.data.id}`, platform)).status,
      200,
    );
    // A removed tenant's id is never given again: its users, menus and data still carry it.
    const unchanged = await fingerprint(s);
    const reused = await post('/api/blade-system/tenant/submit', platform, {
      tenantId: created.json.data.tenantId,
      tenantName: 'Reused',
    });
    assert.equal(reused.status, 400, reused.text);
    assert.match(reused.json.msg, /tenantId/);
    assert.equal(await fingerprint(s), unchanged);
    const next = await post('/api/blade-system/tenant/submit', platform, { tenantName: 'Next Demo' });
    assert.equal(next.status, 200, next.text);
    assert.ok(Number(next.json.data.tenantId) > Number(created.json.data.tenantId), next.json.data.tenantId);
    assert.equal(
      (await s.call('GET', '/api/blade-system/tenant/info?domain=hydro.ops.local')).json.data.tenantId,
      '100001',
    );
    assert.equal((await get('/api/blade-system/tenant/list', admin)).status, 403);
  });

  it('i18n by prefix, clear-cache', async () => {
    const en = (await s.call('GET', '/api/blade-system/hnac/sys/i18n/byPrefix?prefix=menu.&language=en_US'))
      .json.data;
    assert.equal(en['menu.station_overview'], 'Station overview');
    const zh = (await s.call('GET', '/api/blade-system/hnac/sys/i18n/byPrefix?prefix=menu.station')).json
      .data;
    assert.equal(zh['menu.station_overview'], '电站总览');
    assert.equal((await get('/api/blade-system/oauth/clear-cache', admin)).json.success, true);
  });
});
