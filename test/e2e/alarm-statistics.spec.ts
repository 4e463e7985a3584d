import { expect, test } from './fixtures';
import { ACCOUNTS, openMenu, signIn } from './support';

// 告警统计 on the reference server's seed: 100001/admin's messages over the last month (docs/api.md
// section 13), counted by classification and by day.

const PATH = '/station-monitor/alarm/statistics';

test('100001/admin counts the alarms of the last 7 and 30 days, in Chinese and in English', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  await openMenu(page, '运行监视', '告警管理', '告警统计');
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  const view = page.locator('#ops-main-view');
  await expect(view.getByRole('heading', { name: '告警统计', level: 2 })).toBeVisible();

  const byClass = view.getByRole('region', { name: '按分类统计' });
  const byDay = view.getByRole('region', { name: '按日期统计' });
  await expect(byClass.getByRole('img', { name: '按分类统计' }).locator('svg').first()).toBeVisible();
  await expect(byDay.getByRole('img', { name: '按日期统计' }).locator('svg').first()).toBeVisible();
  // The alarms row of the classification table has a count above 0; the day table has the 7 days.
  const alarmRow = byClass
    .getByRole('table', { name: '各分类告警数量' })
    .getByRole('row', { name: /告警消息/ });
  await expect(alarmRow.getByRole('cell').nth(1)).toHaveText(/^[1-9]\d*$/);
  const days = byDay.getByRole('table', { name: '每日告警数量' }).getByRole('row');
  await expect(days).toHaveCount(1 + 7);
  const total = view.getByRole('paragraph').filter({ hasText: /^告警合计/ });
  await expect(total).toContainText('共 7 天');
  const week = await total.textContent();

  await view.getByRole('button', { name: '最近 30 天' }).click();
  await expect(days).toHaveCount(1 + 30);
  await expect(total).toContainText('共 30 天');
  expect(await total.textContent()).not.toBe(week);

  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.reload();
  await expect(view.getByRole('heading', { name: 'Alarm statistics', level: 2 })).toBeVisible();
  await expect(view.getByRole('region', { name: 'By classification' })).toBeVisible();
  await expect(view.getByRole('region', { name: 'By day' })).toBeVisible();
  await expect(
    view.getByRole('table', { name: 'Alarms by classification' }).getByRole('row', { name: /Alarm/ }).first(),
  ).toBeVisible();
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});
