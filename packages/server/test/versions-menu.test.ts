import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from './helpers.ts';

/** The Versions page's menu entry (issue 16): tenant 000000's administrator only. */
describe('Versions menu entry', () => {
  let s: TestServer;
  let platform: string;
  let hydroAdmin: string;
  let storageAdmin: string;

  before(async () => {
    s = await startServer();
    platform = (await s.login('000000', 'admin', 'admin123')).access_token;
    hydroAdmin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
    storageAdmin = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
  });
  after(() => s.close());

  const flat = (nodes: Record<string, unknown>[]): Record<string, unknown>[] =>
    nodes.flatMap((n) => [n, ...flat((n.children as Record<string, unknown>[]) ?? [])]);

  it('the platform administrator has 版本管理 at /versions/index, app versions, named Versions in English', async () => {
    const routes = flat(
      (await s.call('GET', '/api/blade-system/menu/routes', { token: platform })).json.data,
    );
    const entry = routes.find((n) => n.path === '/versions/index') as
      | { name: string; appCode: string; meta: { i18n: string } }
      | undefined;
    assert.ok(entry, 'menu entry present');
    assert.equal(entry.name, '版本管理');
    assert.equal(entry.appCode, 'versions');
    assert.equal(entry.meta.i18n, 'menu.versions');
    const apps = (await s.call('GET', '/api/blade-system/application/applications', { token: platform })).json
      .data as { code: string }[];
    assert.ok(apps.some((a) => a.code === 'versions'));
    const texts = JSON.stringify(
      (await s.call('GET', '/api/blade-system/menu/routes', { token: platform })).json,
    );
    assert.ok(texts.includes('/versions/index'));
  });

  for (const [tenant, token] of [
    ['100001', () => hydroAdmin],
    ['100002', () => storageAdmin],
  ] as const) {
    it(`${tenant}'s administrator has neither the entry nor the app`, async () => {
      const routes = (await s.call('GET', '/api/blade-system/menu/routes', { token: token() })).json.data;
      assert.ok(
        !flat(routes).some((n) => String(n.path).startsWith('/versions') || n.appCode === 'versions'),
      );
      const apps = (await s.call('GET', '/api/blade-system/application/applications', { token: token() }))
        .json.data as { code: string }[];
      assert.ok(!apps.some((a) => a.code === 'versions'));
    });
  }
});
