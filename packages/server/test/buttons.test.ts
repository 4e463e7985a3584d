import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

// Administration writes need their button permission (docs/api.md section 1): the code that shows the
// button in the console. A tenant administrator whose role no longer has the buttons is refused with 403
// naming the code, and nothing changes; the platform administrator holds every button.

type Node = { id: string; code: string; category: number; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

const CODES = [
  'user_add',
  'user_edit',
  'user_delete',
  'user_reset',
  'user_role',
  'dict_add',
  'dict_edit',
  'dict_delete',
  'menu_add',
  'menu_edit',
  'menu_delete',
];

describe('button permissions of the administration writes', () => {
  let s: TestServer;
  let admin = '';
  let platform = '';
  const post = (path: string, token: string, body?: unknown) =>
    s.call('POST', `/api/blade-system/${path}`, { token, body });

  before(async () => {
    s = await startServer();
    admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    platform = (await s.login('000000', 'admin', 'admin123')).access_token;
  });
  after(() => s.close());

  it('the seeded tenant administrator may do each write (the buttons are there)', async () => {
    const buttons = flat((await s.call('GET', '/api/blade-system/menu/buttons', { token: admin })).json.data);
    const codes = new Set(buttons.map((b) => b.code));
    for (const code of CODES) assert.ok(codes.has(code), code);
  });

  it('without its button each write is refused with 403 naming the code, changing nothing', async () => {
    const tree = flat((await s.call('GET', '/api/blade-system/menu/tree', { token: admin })).json.data);
    const ids = tree.filter((n) => CODES.includes(n.code) && n.category === 2).map((n) => n.id);
    assert.equal(ids.length, CODES.length);
    const someMenu = tree.find((n) => n.code === 'station_overview')!.id;
    const removed = await s.call('POST', `/api/blade-system/menu/remove?ids=${ids.join(',')}`, {
      token: admin,
    });
    assert.equal(removed.status, 200, removed.text);

    const before = await fingerprint(s);
    const writes: [string, string, unknown][] = [
      ['user_add', 'user/submit', { account: 'nobutton', realName: '张三', roleId: '1' }],
      ['user_edit', 'user/update', { id: '1', realName: '张三' }],
      ['user_delete', 'user/remove?ids=9999', undefined],
      ['user_reset', 'user/reset-password?userIds=9999', undefined],
      ['user_role', 'user/grant?userIds=9999&roleIds=1', undefined],
      ['dict_add', 'dict/submit', { code: 'no_button', dictKey: '-1', dictValue: '无' }],
      ['dict_edit', 'dict/submit', { id: '1', code: 'no_button', dictKey: '-1', dictValue: '无' }],
      ['dict_delete', 'dict/remove?ids=1', undefined],
      ['menu_add', 'menu/submit', { code: 'no_button', name: '无', category: 1 }],
      ['menu_edit', 'menu/submit', { id: someMenu, code: 'station_overview', name: '电站总览', category: 1 }],
      ['menu_delete', `menu/remove?ids=${someMenu}`, undefined],
    ];
    for (const [code, path, body] of writes) {
      const res = await post(path, admin, body);
      assert.equal(res.status, 403, `${path}: ${res.text}`);
      assert.match(res.json.msg, new RegExp(`（${code}）`), res.json.msg);
    }
    assert.equal(await fingerprint(s), before);
  });

  it('the platform administrator holds every button of its own tenant', async () => {
    const res = await post('dict/submit', platform, {
      code: 'platform_ok',
      dictKey: '-1',
      dictValue: '平台',
    });
    assert.equal(res.status, 200, res.text);
    const tenant = await post('tenant/setting?ids=1&accountNumber=-1', platform);
    assert.equal(tenant.status, 200, tenant.text);
  });
});
