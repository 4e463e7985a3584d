import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BAD_MENU_VALUES, GOOD_MENU_VALUES } from '../../apps/system/test-support/menu-cases.ts';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

// Menu administration (packages/apps/system): the `isShow` flag and the form's rules agreeing with the
// server's. The table of values is the console form's own (test-support/menu-cases.ts).

type Node = { id: string; code: string; isShow: number; children?: Node[] };
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('menu administration: visible flag and form rules', () => {
  let s: TestServer;
  let admin = '';
  let operator = '';
  let production = '';

  const get = (path: string, token = admin) => s.call('GET', path, { token });
  const submit = (body: Record<string, unknown>, token = admin) =>
    s.call('POST', '/api/blade-system/menu/submit', { token, body });

  before(async () => {
    s = await startServer();
    admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    operator = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    const roots = (await get('/api/blade-system/menu/lazy-list?parentId=0')).json.data as Node[];
    production = roots.find((r) => r.code === 'monitor')!.id;
  });
  after(() => s.close());

  it('items are visible by default; a hidden item leaves the routes for everyone but stays in the admin lists', async () => {
    const roots = (await get('/api/blade-system/menu/lazy-list?parentId=0')).json.data as Node[];
    assert.ok(roots.every((r) => r.isShow === 1));
    const created = await submit({
      parentId: production,
      code: 'hidden_report',
      name: '隐藏报表',
      path: '/station-monitor/hidden/index',
      appCode: 'station-monitor',
      category: 1,
      isShow: 0,
    });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.json.data.isShow, 0);
    const id = created.json.data.id as string;
    const child = await submit({
      parentId: id,
      code: 'hidden_child',
      name: '隐藏子项',
      path: '/x/y',
      category: 1,
    });
    assert.equal(child.status, 200, child.text);

    for (const token of [admin, operator]) {
      const routes = flat((await get('/api/blade-system/menu/routes', token)).json.data);
      assert.ok(!routes.some((n) => n.code === 'hidden_report' || n.code === 'hidden_child'));
      assert.ok(routes.some((n) => n.code === 'station_overview'));
    }
    const under = (await get(`/api/blade-system/menu/lazy-list?parentId=${production}`)).json.data as Node[];
    assert.equal(under.find((n) => n.code === 'hidden_report')?.isShow, 0);
    assert.ok(
      flat((await get('/api/blade-system/menu/tree')).json.data).some((n) => n.code === 'hidden_report'),
    );
    assert.equal((await get(`/api/blade-system/menu/detail?id=${id}`)).json.data.isShow, 0);

    // Shown again: back in the routes with its child.
    const shown = await submit({
      id,
      parentId: production,
      code: 'hidden_report',
      name: '隐藏报表',
      path: '/station-monitor/hidden/index',
      category: 1,
      isShow: 1,
    });
    assert.equal(shown.json.data.isShow, 1);
    const routes = flat((await get('/api/blade-system/menu/routes')).json.data);
    assert.ok(
      routes.some((n) => n.code === 'hidden_report') && routes.some((n) => n.code === 'hidden_child'),
    );
  });

  it('refuses a visible flag other than 1 or 0', async () => {
    const before = await fingerprint(s);
    for (const isShow of [2, '1', true, null]) {
      const res = await submit({ code: 'flag_x', name: 'x', category: 1, isShow });
      assert.equal(res.status, 400, `${JSON.stringify(isShow)}: ${res.text}`);
    }
    assert.equal(await fingerprint(s), before);
  });

  // The form sends sort as a number (a non-number as typed).
  const sent = (field: string, value: string): unknown =>
    field === 'sort' ? (Number.isNaN(Number(value)) ? value : Number(value)) : value;
  const valid = { parentId: '', code: 'rules_ok', name: '规则', category: 1 };

  it('refuses with 400 every value the console form refuses, changing nothing', async () => {
    const base = { ...valid, parentId: production };
    const before = await fingerprint(s);
    for (const [field, value] of BAD_MENU_VALUES) {
      const res = await submit({ ...base, [field]: sent(field, value) });
      assert.equal(res.status, 400, `${field} ${JSON.stringify(value)}: ${res.text}`);
      assert.equal(res.json.success, false);
      assert.ok(res.json.msg);
    }
    assert.equal(await fingerprint(s), before);
  });

  it('accepts every value the console form accepts', async () => {
    for (const [index, [field, value]] of GOOD_MENU_VALUES.entries()) {
      const code = field === 'code' ? value : `rules_ok_${index}`;
      const res = await submit({ ...valid, parentId: production, code, [field]: sent(field, value) });
      assert.equal(res.status, 200, `${field} ${JSON.stringify(value)}: ${res.text}`);
      const removed = await s.call('POST', `/api/blade-system/menu/remove?ids=${res.json.data.id}`, {
        token: admin,
      });
      assert.equal(removed.status, 200);
    }
  });
});
