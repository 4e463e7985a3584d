import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, expectDrawnSeries, signIn } from './support';

// The home pages of issue 27 on the reference server's seed: the overview at /index, the workbench of
// znywpt at /site/index, the platform's overview and the visual system's home.

const main = (page: Page) => page.locator('#ops-main-view');

test('100001/admin lands on the overview: stations, alarms, notices and the power chart; English too', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/index$/);
  const view = main(page);
  await expect(view.getByRole('heading', { level: 1, name: '运行总览' })).toBeVisible();
  const stations = view.getByRole('region', { name: '电站状态' });
  await expect(stations.getByRole('table', { name: '电站状态' }).getByRole('row')).toHaveCount(23);
  await expect(stations).toContainText('共 22 座');
  const alarms = view.getByRole('region', { name: '今日告警' });
  await expect(alarms.getByRole('link', { name: '全部告警' })).toBeVisible();
  await expect(alarms.getByRole('status')).toHaveCount(0);
  const notices = view.getByRole('region', { name: '未读通知' });
  await expect(notices).toContainText(/\d+ 条未读/);
  const chart = view.getByRole('region', { name: '今日发电功率' });
  await expectDrawnSeries(chart, 1);

  await stations.getByRole('link', { name: '查看 飞来峡水电站 实时数据' }).click();
  await expect(page).toHaveURL(/\/station-monitor\/realtime\/index\?station=HS0001$/);

  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.goto('/index');
  for (const name of ['Station state', "Today's alarms", 'Unread notices', 'Generation today'])
    await expect(view.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(view.getByRole('heading', { level: 1, name: 'Operations overview' })).toBeVisible();
});

test('100001/znywpt lands on the site workbench with its stations and enters one', async ({ page }) => {
  await signIn(page, { tenantId: '100001', account: 'znywpt', password: 'Znywpt@2026' });
  await expect(page).toHaveURL(/\/site\/index$/);
  const view = main(page);
  await expect(view.getByRole('heading', { level: 1, name: '站点工作台' })).toBeVisible();
  const cards = view.getByRole('list', { name: '电站状态' });
  await expect(cards.getByRole('listitem')).toHaveCount(22);
  await cards.getByRole('button', { name: '进入 白石窑水电站' }).click();
  const card = cards.getByRole('listitem').filter({ hasText: '白石窑水电站' });
  await expect(card).toContainText('当前所在');
  await expect(card.getByRole('button', { name: '进入 白石窑水电站' })).toBeDisabled();
});

test('000000/admin sees the platform overview with the tenants', async ({ page }) => {
  await signIn(page, ACCOUNTS.platform);
  const view = main(page);
  await expect(view.getByRole('heading', { level: 1, name: '平台总览' })).toBeVisible();
  const tenants = view.getByRole('region', { name: '租户' }).getByRole('table', { name: '租户' });
  const hydro = tenants.getByRole('row').filter({ hasText: '100001' });
  await expect(hydro).toContainText('水电');
  await expect(hydro.getByRole('cell').nth(1)).toHaveText('22');
  await expect(view.getByRole('region', { name: '未读通知' })).toBeVisible();
  await expect(view.getByRole('region', { name: '电站状态' })).toHaveCount(0);
});

test('100002/viewer lands on the visual system’s storage overview screen', async ({ page }) => {
  await signIn(page, { tenantId: '100002', account: 'viewer', password: 'Viewer@2026' });
  await expect(page).toHaveURL(/\/station-monitor\/visual\/index$/);
  await expect(main(page).getByRole('heading', { name: '储能总览大屏' })).toBeVisible();
});
