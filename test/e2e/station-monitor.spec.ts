import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectDrawnSeries, openMenu, screenshots, signIn } from './support';

// The station monitor sub-app on the reference server's seed (tenant 100001: 22 hydropower stations, each
// with units, a gate, a main transformer and a DC system). Screenshots go to test-results/screens/.

const main = (page: Page) => page.locator('#ops-main-view');
const isStationsCall = (request: Request) =>
  new URL(request.url()).pathname === '/api/blade-system/dept/getChildTenantDept';

test('the stations overview pages and searches; over 20 characters warns and does not search', async ({
  page,
}) => {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (isStationsCall(request)) calls.push(request);
  });
  await signIn(page);
  await openMenu(page, '运行监视', '电站总览');
  await expect(page).toHaveURL(/\/station-monitor\/overview\/index$/);
  const view = main(page);
  await expect(view.getByRole('heading', { name: '电站总览' })).toBeVisible();
  const table = view.getByRole('table', { name: '电站列表' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('row').nth(1)).toContainText('飞来峡水电站');
  await expect(view.getByText('共 22 条')).toBeVisible();
  await screenshots(page, 'station-monitor-overview', { settle: () => page.waitForTimeout(500) });

  await view.getByRole('button', { name: '第 3 页' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('cell', { name: 'HS0022' })).toBeVisible();

  await view.getByRole('textbox', { name: '站点编号' }).fill('HS001');
  await view.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(table.getByRole('cell', { name: 'HS0010' })).toBeVisible();
  await expect(view.getByText('共 10 条')).toBeVisible();
  await view.getByRole('textbox', { name: '电站名称' }).fill('白石窑');
  await view.getByRole('button', { name: '搜索' }).click();
  await expect(table.getByRole('row')).toHaveCount(1 + 0 + 1);
  await expect(table).toContainText('没有符合条件的电站');

  await view.getByRole('button', { name: '重置' }).click();
  await expect(table.getByRole('row')).toHaveCount(11);
  const before = calls.length;
  await view.getByRole('textbox', { name: '联系人' }).fill('周'.repeat(21));
  await view.getByRole('button', { name: '搜索' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '联系人不能超过 20 个字符' })).toBeVisible();
  await screenshots(page, 'station-monitor-search-warning', { settle: () => page.waitForTimeout(500) });
  expect(calls.length, 'the search was cancelled').toBe(before);
  await expect(table.getByRole('row')).toHaveCount(11);
});

test('from a station’s row to its devices and a point’s history chart with the forecast', async ({
  page,
}) => {
  await signIn(page);
  await openMenu(page, '运行监视', '电站总览');
  const view = main(page);
  await view.getByRole('button', { name: '实时数据 飞来峡水电站' }).click();
  await expect(page).toHaveURL(/\/station-monitor\/realtime\/index\?station=HS0001$/);
  await expect(view.getByRole('heading', { name: '实时数据' })).toBeVisible();
  await expect(view.getByRole('combobox', { name: '电站' })).toHaveValue('HS0001');
  await expect(view.getByRole('combobox', { name: '设备' })).toHaveValue('HS0001-G1');
  const points = view.getByRole('table', { name: '1号机组 测点' });
  await expect(points.getByRole('row')).toHaveCount(5);
  await expect(points.getByRole('row').nth(1)).toContainText(/有功功率HS0001\.G1\.P[0-9.]+ MW/);

  await view.getByRole('button', { name: '历史曲线 有功功率' }).click();
  const chart = view.getByRole('figure', { name: '有功功率 历史曲线' });
  await expectDrawnSeries(chart, ['实测', '预测']);
  await expect(view.getByText('阴影部分为预测（未来 6 小时）')).toBeVisible();
  await screenshots(page, 'station-monitor-history', { settle: () => page.waitForTimeout(500) });

  // Another range draws again; a point without data shows the chart's empty text.
  await view.getByRole('combobox', { name: '时间范围' }).selectOption({ label: '最近 3 天' });
  await expectDrawnSeries(chart, ['实测', '预测']);
  await screenshots(page, 'station-monitor-history-3-days', { settle: () => page.waitForTimeout(500) });
  await view.getByRole('combobox', { name: '设备' }).selectOption({ label: '直流系统' });
  const dc = view.getByRole('table', { name: '直流系统 测点' });
  await expect(dc.getByRole('row').nth(2)).toContainText('蓄电池温度');
  await expect(dc.getByRole('row').nth(2)).toContainText('无数据');
  await view.getByRole('button', { name: '历史曲线 蓄电池温度' }).click();
  await expect(view.getByRole('figure', { name: '蓄电池温度 历史曲线' })).toContainText(
    '该测点在所选时间范围内没有数据',
  );
  await screenshots(page, 'station-monitor-history-empty', { settle: () => page.waitForTimeout(500) });

  // Another station from the page's own choice.
  await view.getByRole('combobox', { name: '电站' }).selectOption('HS0002');
  await expect(page).toHaveURL(/\?station=HS0002$/);
  await expect(view.getByRole('table', { name: '1号机组 测点' }).getByRole('row').nth(1)).toContainText(
    'HS0002.G1.P',
  );
});

test('a station of another tenant is an error with Retry; a path without a page says page not found', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/station-monitor/realtime/index?station=ES0001');
  const view = main(page);
  await expect(view.getByRole('alert')).toHaveText('加载失败：电站不存在');
  await expect(view.getByRole('button', { name: '重试' })).toBeVisible();

  // Every station-monitor item of the seeded menu has a page now: an address without one.
  await page.goto('/station-monitor/alarm/report');
  await expect(view.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await screenshots(page, 'station-monitor-not-found', { settle: () => page.waitForTimeout(500) });
  await view.getByRole('link', { name: '电站总览' }).click();
  await expect(page).toHaveURL(/\/station-monitor\/overview\/index$/);
  await expect(view.getByRole('table', { name: '电站列表' }).getByRole('row')).toHaveCount(11);

  await openMenu(page, '运行监视', '告警管理', '告警列表');
  const alarms = view.getByRole('table', { name: '告警消息' });
  await expect(alarms.getByRole('row').nth(1)).toBeVisible();
  await expect(alarms.getByRole('row')).not.toHaveCount(1);
  await screenshots(page, 'station-monitor-alarms', { settle: () => page.waitForTimeout(500) });
});
