import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, apiSignIn, openMenu, signIn } from './support';

// The sub-app host (issue: sub-app host): menu-driven sub-apps in the main view, loaded on first
// navigation only, one at a time, each failure kept inside the main view; the iframe route; a sub-app
// the menus name but the import map lacks.

const main = (page: Page) => page.locator('#ops-main-view');
const mountedApps = (page: Page) => main(page).locator('[data-slot^="@ops/app-"]');
const appRequests = (requests: Request[], code: string) =>
  requests.filter((request) => new URL(request.url()).pathname.startsWith(`/apps/${code}/`));

test('sub-apps load on first navigation only and follow the menu, the tags, deep links and history', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await signIn(page);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  expect(appRequests(requests, 'station-monitor'), 'no prefetch').toHaveLength(0);
  expect(appRequests(requests, 'leave-workflow'), 'no prefetch').toHaveLength(0);

  await openMenu(page, '运行监视', '电站总览');
  await expect(page).toHaveURL(/\/station-monitor\/overview\/index$/);
  await expect(main(page).locator('[data-slot="@ops/app-station-monitor"]')).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(appRequests(requests, 'station-monitor').length).toBeGreaterThan(0);
  expect(appRequests(requests, 'leave-workflow'), 'still not fetched').toHaveLength(0);

  await openMenu(page, '流程审批', '请假申请');
  await expect(main(page).getByRole('heading', { level: 1, name: '请假申请' })).toBeVisible();
  await expect(mountedApps(page), 'singular: one sub-app in the main view').toHaveCount(1);
  await expect(main(page).locator('[data-slot="@ops/app-leave-workflow"]')).toBeVisible();

  // History: back to the station monitor, forward to the leave form.
  await page.goBack();
  await expect(page).toHaveURL(/\/station-monitor\/overview\/index$/);
  await expect(main(page).locator('[data-slot="@ops/app-station-monitor"]')).toBeVisible();
  await expect(mountedApps(page)).toHaveCount(1);
  await page.goForward();
  await expect(main(page).getByRole('heading', { level: 1, name: '请假申请' })).toBeVisible();

  // The tags switch between them too.
  const bar = page.getByRole('tablist', { name: '已打开页面' });
  await bar.getByRole('tab', { name: '电站总览' }).click();
  await expect(page).toHaveURL(/\/station-monitor\/overview\/index$/);
  await expect(mountedApps(page)).toHaveCount(1);

  // A deep link, loaded afresh, mounts its sub-app (the host reads the user's apps before deciding).
  await page.goto('/leave-workflow/todo/index');
  await expect(page).toHaveURL(/\/leave-workflow\/todo\/index$/);
  await expect(main(page).locator('[data-slot="@ops/app-leave-workflow"]')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/sub-app-leave-todo.png' });
});

test('the iframe route embeds the seeded report sandboxed and titled, and refuses a foreign address', async ({
  page,
}) => {
  await signIn(page);
  await openMenu(page, '运行日报');
  await expect(page).toHaveURL(/\/myiframe\//);
  const frame = main(page).locator('iframe');
  await expect(frame).toHaveAttribute('title', '运行日报');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(page.frameLocator('#ops-main-view iframe').locator('body')).not.toBeEmpty();
  await page.screenshot({ path: 'test-results/screens/iframe-report.png' });

  await page.goto(`/myiframe/${encodeURIComponent('https://evil.example.net/phish')}`);
  await expect(main(page).getByRole('heading', { name: '无法嵌入此页面' })).toBeVisible();
  await expect(main(page).getByRole('alert')).toContainText('frameOrigins');
  await expect(main(page).locator('iframe')).toHaveCount(0);
  await expect(main(page).getByRole('link', { name: '在新窗口中打开' })).toHaveAttribute('rel', /noopener/);
  await page.screenshot({ path: 'test-results/screens/iframe-refused.png' });
});

test('a menu item added at run time for an app with no bundle shows "not installed" after the next sign-in', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, ACCOUNTS.admin);
  const added = await request.post('/api/blade-system/menu/submit', {
    headers: { 'Blade-Auth': `bearer ${admin.access_token}`, 'Tenant-Id': '100001' },
    data: {
      code: `energy_storage_${Date.now()}`,
      name: '储能总览',
      category: 1,
      path: '/energy-storage/overview/index',
      appCode: 'energy-storage',
      sort: 99,
    },
  });
  expect(added.ok()).toBe(true);
  const menuId = ((await added.json()) as { data: { id: string } }).data.id;

  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await signIn(page, ACCOUNTS.admin);
  await openMenu(page, '储能总览');
  await expect(page).toHaveURL(/\/energy-storage\/overview\/index$/);
  const panel = main(page).getByRole('region', { name: 'energy-storage' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('未安装');
  expect(appRequests(requests, 'energy-storage'), 'nothing is imported').toHaveLength(0);
  await page.screenshot({ path: 'test-results/screens/sub-app-not-installed.png' });

  // The chrome keeps working.
  await openMenu(page, '运行监视', '电站总览');
  await expect(main(page).locator('[data-slot="@ops/app-station-monitor"]')).toBeVisible();

  // The other tests run with the seeded menu.
  const again = await apiSignIn(request, ACCOUNTS.admin);
  const removed = await request.post('/api/blade-system/menu/remove', {
    headers: { 'Blade-Auth': `bearer ${again.access_token}`, 'Tenant-Id': '100001' },
    data: { ids: menuId },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
});

test('a sub-app bundle that 404s shows an error panel with Retry inside the main view; the chrome stays usable', async ({
  page,
}) => {
  await signIn(page);
  await page.route('**/apps/station-monitor/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await openMenu(page, '运行监视', '电站总览');
  const alert = main(page).getByRole('alert');
  await expect(alert).toContainText('加载失败');
  await page.screenshot({ path: 'test-results/screens/sub-app-load-failed.png' });

  // The chrome still works: another page opens, and coming back offers Retry again.
  await openMenu(page, '流程审批', '请假申请');
  await expect(main(page).getByRole('heading', { level: 1, name: '请假申请' })).toBeVisible();
  await page.getByRole('tablist', { name: '已打开页面' }).getByRole('tab', { name: '电站总览' }).click();
  await expect(main(page).getByRole('alert')).toContainText('加载失败');

  await page.unroute('**/apps/station-monitor/**');
  await main(page).getByRole('button', { name: '重试' }).click();
  await expect(main(page).getByRole('alert')).toHaveCount(0);
  await expect(
    main(page).locator('[data-slot="@ops/app-station-monitor"] .ops-slot-body > *'),
  ).not.toHaveCount(0);
});

test('a sub-app that throws in mount shows its error panel; the others keep working', async ({ page }) => {
  // The page's import map points the station monitor at a bundle that throws when mounted.
  await page.route('**/throwing-app.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `System.register([], function (exports) { return { execute: function () {
        exports({ bootstrap: async function () {}, mount: async function () { throw new Error('station monitor broke'); },
          unmount: async function () {} });
      } }; });`,
    }),
  );
  await page.route(
    (url) => url.pathname === '/login' || url.pathname === '/index',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script[^>]*type="systemjs-importmap"[^>]*>)([\s\S]*?)(<\/script>)/,
        (_all, open: string, json: string, close: string) => {
          const map = JSON.parse(json) as {
            imports: Record<string, string>;
            integrity?: Record<string, string>;
          };
          const url = map.imports['@ops/app-station-monitor'] ?? '';
          delete map.integrity?.[url];
          map.imports['@ops/app-station-monitor'] = '/throwing-app.js';
          return `${open}${JSON.stringify(map)}${close}`;
        },
      );
      await route.fulfill({ response, body: html });
    },
  );
  await signIn(page);
  await openMenu(page, '运行监视', '电站总览');
  await expect(main(page).getByRole('alert')).toContainText('运行出错');
  await expect(main(page).getByRole('button', { name: '重试' })).toBeVisible();
  await openMenu(page, '流程审批', '请假申请');
  await expect(main(page).getByRole('heading', { level: 1, name: '请假申请' })).toBeVisible();
});
