import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { aes, BASIC, type CallInit, fingerprint, startServer, type TestServer, tokenUrl } from './helpers.ts';

const SQL = "' OR 1=1 --";
const XSS = '<script>alert(1)</script>';
const BIG = 'x'.repeat(300 * 1024);

type Who = 'admin' | 'platform' | 'none';
type Case = [name: string, method: string, path: string, init: CallInit & { as?: Who }, status: number];

describe('bad input: 4xx envelope with a message, never a 500, no row changed', () => {
  let s: TestServer;
  const tokens: Record<Who, string | undefined> = { admin: undefined, platform: undefined, none: undefined };
  let selfId = '';

  before(async () => {
    s = await startServer();
    tokens.admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    tokens.platform = (await s.login('000000', 'admin', 'admin123')).access_token;
    selfId = (await s.call('GET', '/api/blade-system/oauth/user-info', { token: tokens.admin })).json.data
      .user_id;
  });
  after(() => s.close());

  const cases = (): Case[] => [
    // layout state
    ['layout: malformed JSON', 'POST', '/api/blade-system/user/save/layoutState', { raw: '{"id":' }, 400],
    [
      'layout: __proto__ pollution',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { raw: `{"id":"${selfId}","layoutState":null,"__proto__":{"x":1}}` },
      400,
    ],
    [
      'layout: id of wrong type',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { body: { id: 123, layoutState: '{}' } },
      400,
    ],
    [
      'layout: state of wrong type',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { body: { id: selfId, layoutState: 5 } },
      400,
    ],
    [
      'layout: state not an object',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { body: { id: selfId, layoutState: '[1,2]' } },
      400,
    ],
    [
      'layout: state not JSON',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { body: { id: selfId, layoutState: XSS } },
      400,
    ],
    [
      'layout: SQL in id',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { body: { id: SQL, layoutState: null } },
      400,
    ],
    [
      'layout: unknown id',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { body: { id: '999999', layoutState: null } },
      404,
    ],
    [
      'layout: oversized body',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { body: { id: selfId, layoutState: BIG } },
      413,
    ],
    [
      'layout: state too long',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { body: { id: selfId, layoutState: JSON.stringify({ a: 'x'.repeat(20000) }) } },
      400,
    ],
    ['layout: missing fields', 'POST', '/api/blade-system/user/save/layoutState', { body: {} }, 400],
    [
      'layout: text/plain body',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { raw: 'id=1', contentType: 'text/plain' },
      400,
    ],
    [
      'layout: XML body',
      'POST',
      '/api/blade-system/user/save/layoutState',
      { raw: '<id>1</id>', contentType: 'application/xml' },
      415,
    ],
    // menus
    [
      'menu: hostile name',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { code: 'x1', name: XSS, category: 1 } },
      400,
    ],
    [
      'menu: category of wrong type',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { code: 'x1', name: 'n', category: '1' } },
      400,
    ],
    [
      'menu: SQL in code',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { code: SQL, name: 'n', category: 1 } },
      400,
    ],
    [
      'menu: javascript: path',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { code: 'x1', name: 'n', category: 1, path: 'javascript:alert(1)' } },
      400,
    ],
    [
      'menu: protocol-relative path',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { code: 'x1', name: 'n', category: 1, path: '//evil.example/x' } },
      400,
    ],
    [
      'menu: unknown parent',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { code: 'x1', name: 'n', category: 1, parentId: '999999' } },
      404,
    ],
    [
      'menu: unknown id on update',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { id: '999999', code: 'x1', name: 'n', category: 1 } },
      404,
    ],
    [
      'menu: duplicate code',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { code: 'monitor', name: 'n', category: 1 } },
      400,
    ],
    [
      'menu: query not an object',
      'POST',
      '/api/blade-system/menu/submit',
      { body: { code: 'x1', name: 'n', category: 1, query: 'a=1' } },
      400,
    ],
    [
      'menu: SQL in remove ids',
      'POST',
      `/api/blade-system/menu/remove?ids=${encodeURIComponent(SQL)}`,
      {},
      400,
    ],
    ['menu: unknown remove ids', 'POST', '/api/blade-system/menu/remove?ids=999999', {}, 404],
    ['menu: remove without ids', 'POST', '/api/blade-system/menu/remove', {}, 400],
    ['menu: remove a parent', 'POST', '/api/blade-system/menu/remove?ids=1', {}, 400],
    ['menu: unknown detail', 'GET', '/api/blade-system/menu/detail?id=999999', {}, 404],
    ['menu: negative id', 'GET', '/api/blade-system/menu/detail?id=-1', {}, 400],
    ['menu: repeated id parameter', 'GET', '/api/blade-system/menu/detail?id=1&id=2', {}, 400],
    ['menu: unknown top menu', 'GET', '/api/blade-system/menu/routes?topMenuId=999999', {}, 404],
    // users
    [
      'user: hostile account',
      'POST',
      '/api/blade-system/user/submit',
      { body: { account: XSS, realName: '张三', roleId: '2' } },
      400,
    ],
    [
      'user: hostile real name',
      'POST',
      '/api/blade-system/user/submit',
      { body: { account: 'abc', realName: '<img src=x onerror=alert(1)>', roleId: '2' } },
      400,
    ],
    [
      'user: unknown role',
      'POST',
      '/api/blade-system/user/submit',
      { body: { account: 'abc', realName: '张三', roleId: '999' } },
      404,
    ],
    [
      'user: duplicate account',
      'POST',
      '/api/blade-system/user/submit',
      { body: { account: 'operator', realName: '张三', roleId: '2' } },
      400,
    ],
    [
      'user: bad phone',
      'POST',
      '/api/blade-system/user/submit',
      { body: { account: 'abc', realName: '张三', roleId: '2', phone: SQL } },
      400,
    ],
    [
      'user: unknown update id',
      'POST',
      '/api/blade-system/user/update',
      { body: { id: '999999', realName: '张三' } },
      404,
    ],
    ['user: id of wrong type', 'POST', '/api/blade-system/user/update', { body: { id: 5 } }, 400],
    ['user: bad remove ids', 'POST', '/api/blade-system/user/remove?ids=1,abc', {}, 400],
    ['user: remove self', 'POST', '/api/blade-system/user/remove', { body: { ids: '__SELF__' } }, 400],
    ['user: unknown detail', 'GET', '/api/blade-system/user/detail?id=999999', {}, 404],
    ['user: page size not a number', 'GET', '/api/blade-system/user/page?size=abc', {}, 400],
    [
      'password: old not wrapped',
      'POST',
      '/api/blade-system/user/update-password',
      { body: { oldPassword: 'Hydro@2026', newPassword: aes('Abc#2026x'), newPassword1: aes('Abc#2026x') } },
      400,
    ],
    [
      'password: new not encrypted',
      'POST',
      '/api/blade-system/user/update-password',
      { body: { oldPassword: SQL, newPassword: 'Abc#2026x', newPassword1: 'Abc#2026x' } },
      400,
    ],
    ['password: missing fields', 'POST', '/api/blade-system/user/update-password', { body: {} }, 400],
    [
      'info: javascript: avatar',
      'POST',
      '/api/blade-system/user/update-info',
      { body: { avatar: 'javascript:alert(1)' } },
      400,
    ],
    ['info: bad email', 'POST', '/api/blade-system/user/update-info', { body: { email: SQL } }, 400],
    ['info: hostile name', 'POST', '/api/blade-system/user/update-info', { body: { realName: XSS } }, 400],
    [
      'phone: wrong code id',
      'POST',
      '/api/blade-system/oauth/updatePhone',
      { body: { phone: '13712345678', captcha: '123456', id: SQL } },
      400,
    ],
    [
      'phone: bad number',
      'GET',
      `/api/blade-system/oauth/phone-code?phone=${encodeURIComponent(SQL)}`,
      { as: 'none' },
      400,
    ],
    // notices and messages
    ['notice: isReal out of range', 'GET', '/api/blade-system/notice/getUnread?isReal=2', {}, 400],
    ['notice: negative page', 'GET', '/api/blade-system/notice/getUnread?current=-1', {}, 400],
    ['notice: unknown ids', 'POST', '/api/blade-system/notice/isReal?ids=999999', {}, 404],
    ['notice: ids of wrong type', 'POST', '/api/blade-system/notice/isReal', { body: { ids: [1, 2] } }, 400],
    [
      'message: SQL classification',
      'GET',
      `/api/blade-system/message/record/getAlarmMessage?businessClassify=${encodeURIComponent(SQL)}`,
      {},
      400,
    ],
    [
      'message: bad time',
      'GET',
      '/api/blade-system/message/record/getAlarmMessage?startTime=yesterday',
      {},
      400,
    ],
    ['message: unknown ids', 'GET', '/api/blade-system/message/record/readAlarmMessage?ids=999999', {}, 404],
    // dictionaries
    ['dict: unknown parent', 'GET', '/api/blade-system/dict/child-list?parentId=999999', {}, 404],
    ['dict: missing code', 'GET', '/api/blade-system/dict/dictionary', {}, 400],
    ['dict: SQL code', 'GET', `/api/blade-system/dict/dictionary?code=${encodeURIComponent(SQL)}`, {}, 400],
    [
      'dict: hostile value',
      'POST',
      '/api/blade-system/dict/submit',
      { body: { code: 'trade', dictKey: 'k', dictValue: XSS } },
      400,
    ],
    ['dict: unknown remove', 'POST', '/api/blade-system/dict/remove?ids=999999', {}, 404],
    // logs
    ['log: unknown detail', 'GET', '/api/blade-log/error/detail?id=999999', {}, 404],
    ['log: empty upload', 'POST', '/api/blade-log/error/upload', { body: [] }, 400],
    ['log: upload not an array', 'POST', '/api/blade-log/error/upload', { body: { message: 'x' } }, 400],
    [
      'log: too many entries',
      'POST',
      '/api/blade-log/error/upload',
      { body: Array.from({ length: 51 }, () => ({ message: 'x' })) },
      400,
    ],
    [
      'log: message too long',
      'POST',
      '/api/blade-log/error/upload',
      { body: [{ message: 'x'.repeat(3000) }] },
      400,
    ],
    // sites
    [
      'site: search field over 20',
      'GET',
      `/api/blade-system/dept/getChildTenantDept?deptName=${'长'.repeat(21)}`,
      {},
      400,
    ],
    [
      'site: unknown default station',
      'POST',
      '/api/hzims-operational/userDept/config/submit',
      { body: { deptId: '999999' } },
      404,
    ],
    [
      'site: SQL station id',
      'POST',
      '/api/hzims-operational/userDept/config/submit',
      { body: { deptId: SQL } },
      400,
    ],
    // tenants
    ['tenant: unknown detail', 'GET', '/api/blade-system/tenant/detail?id=999999', { as: 'platform' }, 404],
    [
      'tenant: hostile name',
      'POST',
      '/api/blade-system/tenant/submit',
      { as: 'platform', body: { tenantName: XSS } },
      400,
    ],
    [
      'tenant: SQL domain',
      'GET',
      `/api/blade-system/tenant/info?domain=${encodeURIComponent(SQL)}`,
      { as: 'none' },
      400,
    ],
    ['tenant: unknown remove', 'POST', '/api/blade-system/tenant/remove?ids=999999', { as: 'platform' }, 404],
    // token endpoint and misc
    [
      'token: SQL tenant',
      'POST',
      tokenUrl({ tenantId: SQL, username: 'admin', password: 'x' }),
      { as: 'none', headers: { Authorization: BASIC } },
      400,
    ],
    [
      'token: SQL username',
      'POST',
      tokenUrl({ tenantId: '100001', username: SQL, password: 'x'.repeat(44) }),
      { as: 'none', headers: { Authorization: BASIC } },
      400,
    ],
    [
      'token: oversized parameter',
      'POST',
      tokenUrl({ tenantId: '100001', username: 'y'.repeat(300), password: 'x' }),
      { as: 'none', headers: { Authorization: BASIC } },
      400,
    ],
    [
      'token: malformed JSON',
      'POST',
      '/api/blade-system/oauth/token',
      { as: 'none', raw: '{"tenantId":', headers: { Authorization: BASIC } },
      400,
    ],
    [
      'token: bogus refresh',
      'POST',
      tokenUrl({ tenantId: '100001', grant_type: 'refresh_token', refresh_token: SQL }),
      { as: 'none', headers: { Authorization: BASIC } },
      401,
    ],
    [
      'qr: bad check id',
      'POST',
      '/api/blade-system/check/callback',
      { as: 'none', body: { checkId: SQL } },
      400,
    ],
    [
      'i18n: SQL prefix',
      'GET',
      `/api/blade-system/hnac/sys/i18n/byPrefix?prefix=${encodeURIComponent(SQL)}`,
      { as: 'none' },
      400,
    ],
    ['unknown API route', 'POST', '/api/blade-system/does-not-exist', {}, 404],
  ];

  it('every case of the table', async () => {
    let checked = 0;
    for (const [name, method, path, init, status] of cases()) {
      const who = init.as ?? 'admin';
      const body =
        init.body && (init.body as { ids?: string }).ids === '__SELF__' ? { ids: selfId } : init.body;
      const before = await fingerprint(s);
      const res = await s.call(method, path, {
        ...init,
        body,
        token: who === 'none' ? undefined : tokens[who],
      });
      assert.equal(res.status, status, `${name}: ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(res.json?.success, false, `${name}: envelope`);
      assert.equal(typeof res.json.msg, 'string', name);
      assert.ok(res.json.msg.length > 0, `${name}: message`);
      assert.equal(res.json.code === 200, false, name);
      assert.equal(await fingerprint(s), before, `${name}: no row changed`);
      checked++;
    }
    assert.ok(checked > 70);
  });

  it('validation messages name the field', async () => {
    const res = await s.call('POST', '/api/blade-system/user/save/layoutState', {
      token: tokens.admin,
      body: { id: selfId, layoutState: 5 },
    });
    assert.equal(res.json.msg, 'invalid body.layoutState: must be string,null');
    const missing = await s.call('POST', '/api/blade-system/user/save/layoutState', {
      token: tokens.admin,
      body: { id: selfId },
    });
    assert.match(missing.json.msg, /layoutState/);
    const pattern = await s.call('GET', '/api/blade-system/menu/detail?id=-1', { token: tokens.admin });
    assert.equal(pattern.json.msg, 'invalid querystring.id: must match pattern "^[1-9][0-9]{0,17}$"');
    const either = await s.call('POST', '/api/blade-system/menu/remove', { token: tokens.admin, body: {} });
    assert.equal(either.json.msg, 'invalid request.ids: is required');
  });

  it('search text that looks like SQL is only text: no rows, no error', async () => {
    const res = await s.call(
      'GET',
      `/api/blade-system/dept/getChildTenantDept?linkman=${encodeURIComponent("' OR '1'='1")}`,
      { token: tokens.admin },
    );
    assert.equal(res.status, 200);
    assert.equal(res.json.data.total, 0);
    const users = await s.call('GET', `/api/blade-system/user/page?account=${encodeURIComponent(SQL)}`, {
      token: tokens.admin,
    });
    assert.equal(users.json.data.total, 0);
  });
});
