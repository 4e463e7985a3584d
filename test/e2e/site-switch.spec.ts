import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, pathOf, screenshots, signIn, userMenu } from './support';

// Site switch (spec §2/§4/§5/§6) as 100001/admin against the reference server: the user menu's dialog
// (70%), its search (an over-20 field warns and sends nothing), paging by 10, joining a site (its
// Tenant-Id/Dept-Id headers go out and the server marks the joined site) and returning to the main
// site (sub-station, tags and tag list cleared, home). Screenshots go to test-results/screens/.

// Shoelace's dialog role is in its shadow root and the content is slotted: find the content by the element.
const siteDialog = (page: Page) =>
  page.locator('sl-dialog').filter({ has: page.locator('.ops-site-switch') });

const SITES = '/api/blade-system/dept/getChildTenantDept';
const isSites = (url: string) => new URL(url).pathname === SITES;

test('admin: switch site — search, warn over 20, page, join (headers go out, the server marks it), return to the main site', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.admin);
  const home = pathOf(page);
  const sent: { url: string; deptId?: string; tenantId?: string }[] = [];
  page.on('request', (request) => {
    if (!request.url().includes('/api/')) return;
    const headers = request.headers();
    sent.push({ url: request.url(), deptId: headers['dept-id'], tenantId: headers['tenant-id'] });
  });

  await userMenu(page, '切换站点');
  await expect(page.getByRole('dialog', { name: '站点切换' })).toBeVisible();
  const dialog = siteDialog(page);
  const table = dialog.getByRole('table', { name: '站点列表' });
  await expect(table.getByRole('button', { name: /^进入 / })).toHaveCount(10);
  await expect(dialog.getByText('共 22 条')).toBeVisible();
  for (const title of ['站点编号', '站点名称', '联系人', '联系电话'])
    await expect(table.getByRole('columnheader', { name: title })).toBeVisible();
  await expect(table.getByText('当前站点')).toHaveCount(0);

  // Paging by 10: page 3 has the last two.
  await dialog.getByRole('button', { name: '第 3 页' }).click();
  await expect(table.getByRole('button', { name: /^进入 / })).toHaveCount(2);
  await dialog.getByRole('button', { name: '上一页' }).click();
  await expect(table.getByRole('button', { name: /^进入 / })).toHaveCount(10);

  // Over 20 characters: a warning naming the field, and no search.
  const before = sent.filter((r) => isSites(r.url)).length;
  await dialog.getByRole('textbox', { name: '站点名称' }).fill('水'.repeat(21));
  await dialog.getByRole('button', { name: '查询' }).click();
  await expect(page.getByText('站点名称不能超过 20 个字符')).toBeVisible();
  expect(sent.filter((r) => isSites(r.url)).length).toBe(before);

  // A search, then join the one site found.
  await dialog.getByRole('textbox', { name: '站点名称' }).fill('');
  await dialog.getByRole('textbox', { name: '站点编号' }).fill('HS0003');
  await dialog.getByRole('button', { name: '查询' }).click();
  await expect(table.getByRole('button', { name: /^进入 / })).toHaveCount(1);
  const join = table.getByRole('button', { name: /^进入 / });
  const siteName = ((await join.getAttribute('aria-label')) ?? '').replace(/^进入 /, '');
  expect(siteName).toMatch(/水电站$/);
  await join.click();
  await expect(page.getByText(`已进入站点：${siteName}`)).toBeVisible();
  await expect(page.getByRole('dialog', { name: '站点切换' })).toHaveCount(0);
  expect(pathOf(page)).toBe(home);
  await expect(page.getByRole('banner').getByText(`当前站点：${siteName} (HS0003)`)).toBeVisible();

  // Later calls carry the station headers; the server answers for the joined site: it marks it.
  await userMenu(page, '切换站点');
  await expect(table.getByRole('button', { name: /^进入 / })).toHaveCount(10);
  const last = sent.filter((r) => isSites(r.url)).at(-1);
  expect(last?.tenantId).toBe('100001');
  expect(last?.deptId).toMatch(/^\d+$/);
  await dialog.getByRole('textbox', { name: '站点编号' }).fill('HS0003');
  await dialog.getByRole('button', { name: '查询' }).click();
  await expect(table.getByRole('row').filter({ hasText: siteName }).getByText('当前站点')).toBeVisible();
  await expect(table.getByRole('button', { name: `进入 ${siteName}` })).toBeDisabled();
  await dialog.getByRole('textbox', { name: '站点编号' }).fill('');
  await dialog.getByRole('button', { name: '查询' }).click();
  await expect(table.getByRole('button', { name: /^进入 / })).toHaveCount(10);
  await screenshots(page, 'site-switch-dialog-zh');
  await dialog
    .getByRole('button', { name: /关闭|Close/ })
    .first()
    .click();
  await expect(dialog).toHaveCount(0);

  // The page form of the table: /site/switch, which also gets a tag.
  await page.goto('/site/switch');
  await expect(page.getByRole('heading', { name: '站点切换' })).toBeVisible();
  // After a reload the sub-station is still there: the page's list marks the joined site too.
  await expect(
    page
      .getByRole('table', { name: '站点列表' })
      .getByRole('row')
      .filter({ hasText: 'HS0003' })
      .getByText('当前站点'),
  ).toBeVisible();
  await page.getByRole('button', { name: '第 2 页' }).press('Enter');
  await expect(page.getByRole('table', { name: '站点列表' }).getByText('HS0011')).toBeVisible();
  await screenshots(page, 'site-switch-page-zh');
  const tags = page.getByRole('tablist', { name: '已打开页面' });
  await expect(tags.getByRole('tab')).toHaveCount(2);

  // Return to the main site: no station, tags reset to home, home loaded, no station headers.
  await userMenu(page, '返回主站');
  expect(pathOf(page)).toBe(home);
  await expect(page.getByRole('banner').getByText(/当前站点/)).toHaveCount(0);
  await expect(tags.getByRole('tab')).toHaveText(['首页']);
  const stored = await page.evaluate(() =>
    Object.entries(localStorage)
      .filter(([k]) => /subStation$/.test(k))
      .map(([, v]) => v),
  );
  expect(stored.every((v) => !v || v === 'null' || !v.includes('HS0003'))).toBe(true);
  sent.length = 0;
  await userMenu(page, '切换站点');
  await expect(table.getByRole('button', { name: /^进入 / })).toHaveCount(10);
  await expect(table.getByText('当前站点')).toHaveCount(0);
  expect(sent.filter((r) => isSites(r.url)).every((r) => !r.deptId)).toBe(true);
});

test('admin: the site switch in English', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.reload();
  await userMenu(page, 'Switch site');
  await expect(page.getByRole('dialog', { name: 'Switch site' })).toBeVisible();
  const dialog = siteDialog(page);
  const table = dialog.getByRole('table', { name: 'Sites' });
  await expect(table.getByRole('button', { name: /^Join / })).toHaveCount(10);
  await dialog.getByRole('textbox', { name: 'Contact' }).fill('x'.repeat(21));
  await dialog.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Contact must be at most 20 characters')).toBeVisible();
  await table
    .getByRole('button', { name: /^Join / })
    .nth(1)
    .click();
  await expect(page.getByText(/^Joined site: /).first()).toBeVisible();
  await expect(page.getByRole('banner').getByText(/^Current site: /)).toBeVisible();
  await userMenu(page, 'Switch site');
  await expect(table.getByText('Current site')).toBeVisible();
  await screenshots(page, 'site-switch-dialog-en');
  await page.keyboard.press('Escape');
  await page.goto('/site/switch');
  await expect(page.getByRole('heading', { name: 'Switch site' })).toBeVisible();
  await screenshots(page, 'site-switch-page-en');
  await userMenu(page, 'Return to main site');
  await expect(page.getByRole('banner').getByText(/^Current site: /)).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});
