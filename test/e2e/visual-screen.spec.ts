import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, expectDrawnSeries, screenshots, signedInHeaders, signIn } from './support';

// The big-screen overview of the visual menu (储能总览大屏) on the reference server's seed: tenant 100002
// has 12 storage stations of 256 MW / 512 MWh in all, each with two converters, a main transformer and a
// DC system. Screenshots go to test-results/screens/ (not committed) for a person to look at.

const PATH = '/station-monitor/visual/index';
const main = (page: Page) => page.locator('#ops-main-view');

/** Today's start in Beijing time (UTC+8, the API's time zone) as `YYYY-MM-DD 00:00:00`. */
const todayStart = () => `${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)} 00:00:00`;

/** The caller's alarm messages pushed today, as the server counts them. */
async function alarmsToday(page: Page): Promise<number> {
  const answer = await page.request.get('/api/blade-system/message/record/getAlarmMessage', {
    headers: await signedInHeaders(page),
    params: { current: 1, size: 1, businessClassify: 'alarm', startTime: todayStart() },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { total: number } }).data.total;
}

/** Waits for the chart's plot and gives it time to draw at the new size. */
const chartSettled = (page: Page) => async () => {
  await expectDrawnSeries(main(page), 2);
  await page.waitForTimeout(500);
};

test('the storage overview screen: figures, stations with their status and a station’s power line', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.storageAdmin);
  await page.goto(PATH);
  const view = main(page);
  await expect(view.getByRole('heading', { name: '储能总览大屏' })).toBeVisible();

  const figures = view.getByRole('list', { name: '关键指标' });
  const figure = (label: string) => figures.getByRole('listitem').filter({ hasText: label });
  await expect(figures.getByRole('listitem')).toHaveCount(6);
  await expect(figure('电站数量')).toContainText('12 座');
  await expect(figure('装机容量')).toContainText('256 MW');
  await expect(figure('装机容量')).toContainText('储能容量 512 MWh');
  await expect(figure('在线设备')).toContainText('48 台');
  await expect(figure('离线设备')).toContainText('0 台');
  await expect(figure('当前总功率')).toContainText(/-?[\d,.]+ MW/);
  const alarms = await alarmsToday(page);
  await expect(figure('今日告警')).toContainText(`${alarms} 条`);
  // Today's newest alarm messages (at most 5), or the empty text on a day without any yet.
  const latest = view.getByRole('table', { name: '今日最新告警' });
  if (alarms === 0) await expect(latest).toContainText('今日暂无告警');
  else await expect(latest.getByRole('row')).toHaveCount(1 + Math.min(5, alarms));

  const table = view.getByRole('table', { name: '电站运行状态' });
  await expect(table.getByRole('row')).toHaveCount(13);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('cell').nth(0)).toHaveText('前海储能电站');
  await expect(first.getByRole('cell').nth(1)).toHaveText('50 MW');
  await expect(first.getByRole('cell').nth(2)).toHaveText('4 / 4');
  await expect(first.getByRole('cell').nth(3)).toHaveText(/^-?[\d.]+ MW$/);
  await expect(first.getByRole('cell').nth(4)).toHaveText(/^[\d.]+ %$/);
  await expect(first.getByRole('cell').nth(5)).toHaveText('正常');

  // The first station's active power, then the one chosen in the list.
  await expect(view.getByRole('figure', { name: '前海储能电站 有功功率' })).toBeVisible({ timeout: 10_000 });
  await chartSettled(page)();
  await expect(view.getByText(/近 24 小时实测与未来 6 小时预测/)).toBeVisible();
  await expect(table.getByRole('button', { name: '前海储能电站' })).toHaveAttribute('aria-pressed', 'true');
  await table.getByRole('button', { name: '宝安储能电站' }).click();
  await expect(table.getByRole('button', { name: '宝安储能电站' })).toHaveAttribute('aria-pressed', 'true');
  await expect(view.getByRole('figure', { name: '宝安储能电站 有功功率' })).toBeVisible({ timeout: 10_000 });
  await expect(view.getByRole('heading', { name: '宝安储能电站 有功功率' })).toBeVisible();
  await screenshots(page, 'visual-screen-zh', { settle: chartSettled(page) });

  // The page as the visual mode shows it: the big-screen theme on <html>.
  await page.evaluate(() => document.documentElement.classList.add('theme-hzvisual'));
  await screenshots(page, 'visual-screen-zh-hzvisual', { settle: chartSettled(page) });
});

test('the storage overview screen in English', async ({ page }) => {
  await signIn(page, ACCOUNTS.storageAdmin);
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.goto(PATH);
  const view = main(page);
  await expect(view.getByRole('heading', { name: 'Storage overview screen' })).toBeVisible();
  const figures = view.getByRole('list', { name: 'Key figures' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Stations' })).toContainText('12 stations');
  await expect(figures.getByRole('listitem').filter({ hasText: 'Devices online' })).toContainText(
    '48 devices',
  );
  const table = view.getByRole('table', { name: 'Station status' });
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(5)).toHaveText('Normal');
  await expect(view.getByRole('figure', { name: '前海储能电站 active power' })).toBeVisible({
    timeout: 10_000,
  });
  await screenshots(page, 'visual-screen-en', { settle: chartSettled(page) });
  await page.evaluate(() => document.documentElement.classList.add('theme-hzvisual'));
  await screenshots(page, 'visual-screen-en-hzvisual', { settle: chartSettled(page) });
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});

test('the storage overview screen for the visual-mode account 100002/viewer', async ({ page }) => {
  await signIn(page, { tenantId: '100002', account: 'viewer', password: 'Viewer@2026' });
  await page.goto(PATH);
  await expect(page.getByRole('heading', { name: '储能总览大屏', level: 2 })).toBeVisible();
  const figures = page.getByRole('list', { name: '关键指标' });
  await expect(figures.getByRole('listitem').filter({ hasText: '电站数量' })).toContainText('12 座');
  await expect(page.getByRole('table', { name: '电站运行状态' }).getByRole('row')).toHaveCount(13);
  await expect(page.getByRole('figure', { name: '前海储能电站 有功功率' })).toBeVisible({ timeout: 10_000 });
  await screenshots(page, 'visual-screen-viewer', {
    settle: async () => {
      await expectDrawnSeries(page.getByRole('figure', { name: '前海储能电站 有功功率' }), 2);
      await page.waitForTimeout(500);
    },
  });
});
