import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, screenshots, signIn, userMenu } from './support';

// Site management in the site switch (spec §5 site form, §6 switch_add / switch_edit / switch_delete)
// against the reference server: 100001/admin adds a site from the user menu's dialog (the form over the
// 70% dialog), is refused a duplicate station id in the form, edits the site on /site/switch, joins it (no
// delete while on it; an edit renames the top bar's mark), returns and deletes it after a confirmation; 100001/operator (switch_view only) gets none of these buttons. The spec
// leaves the seed as it found it: the one site it adds, it deletes. Screenshots go to test-results/screens/.

// Shoelace's dialog role is in its shadow root and the content is slotted: find the content by the element.
const formDialog = (page: Page) => page.locator('sl-dialog.ops-site-form-dialog');
const confirmDialog = (page: Page) => page.locator('.ops-confirm-host sl-dialog');
const field = (dialog: Locator, name: string) => dialog.getByRole('textbox', { name, exact: true });

const SUBMIT = '/api/blade-system/dept/submit';
const REMOVE = '/api/blade-system/dept/remove';
const STATION = 'E2E-SM01';

test('admin: add a site from the dialog, a duplicate refused in the form, edit and delete it on /site/switch', async ({
  page,
}) => {
  // One story of many steps and five sets of screenshots.
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.admin);
  const writes: { path: string; body: unknown; status?: number }[] = [];
  page.on('requestfinished', async (request) => {
    const path = new URL(request.url()).pathname;
    if (path !== SUBMIT && path !== REMOVE) return;
    writes.push({ path, body: request.postDataJSON(), status: (await request.response())?.status() });
  });

  // 新增 over the table of the user menu's dialog; the form opens above it.
  await userMenu(page, '切换站点');
  const siteDialog = page.locator('sl-dialog').filter({ has: page.locator('.ops-site-switch') });
  await expect(siteDialog.getByText('共 22 条')).toBeVisible();
  await siteDialog.getByRole('button', { name: '新增', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '新增站点' })).toBeVisible();
  const form = formDialog(page);
  await expect(form.getByRole('form', { name: '站点信息' })).toBeVisible();

  // §5: the required fields refuse blank and nothing is sent.
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入站点编号')).toBeVisible();
  await expect(form.getByText('请输入站点名称')).toBeVisible();
  await expect(form.getByText('请输入联系人')).toBeVisible();
  await field(form, '联系电话').fill('12345');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByText('请输入正确的手机号码或固定电话，如 0751-1234567')).toBeVisible();
  await screenshots(page, 'site-manage-form-errors-zh');
  expect(writes).toEqual([]);

  // A duplicate station id: the server's msg in the form, which stays open; nothing added.
  await field(form, '站点编号').fill('hs0003');
  await field(form, '站点名称').fill('端到端测试站');
  await field(form, '联系人').fill('测试员');
  await field(form, '联系电话').fill('0751-1234567');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form.getByRole('alert')).toHaveText('站点编号 hs0003 已存在');
  await expect(page.getByRole('dialog', { name: '新增站点' })).toBeVisible();
  expect(writes.map((w) => w.status)).toEqual([400]);
  await screenshots(page, 'site-manage-duplicate-zh');

  // Fixed, it saves: the form closes, the table reloads with one site more.
  await field(form, '站点编号').fill(STATION);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已新增站点：端到端测试站')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '新增站点' })).toHaveCount(0);
  await expect(siteDialog.getByText('共 23 条')).toBeVisible();
  expect(writes.at(-1)).toEqual({
    path: SUBMIT,
    body: { stationId: STATION, deptName: '端到端测试站', linkman: '测试员', contactNumber: '0751-1234567' },
    status: 200,
  });
  await page.keyboard.press('Escape');
  await expect(siteDialog).toHaveCount(0);

  // The page: find the new site, edit it.
  await page.goto('/site/switch');
  const table = page.getByRole('table', { name: '站点列表' });
  await page.getByRole('textbox', { name: '站点编号' }).fill(STATION);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(table.getByRole('button', { name: /^编辑 / })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: STATION })).toContainText('0751-1234567');
  await screenshots(page, 'site-manage-page-zh');
  await table.getByRole('button', { name: '编辑 端到端测试站' }).click();
  await expect(page.getByRole('dialog', { name: '编辑站点' })).toBeVisible();
  await expect(field(form, '站点编号')).toHaveValue(STATION);
  await field(form, '站点名称').fill('端到端改名站');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存站点：端到端改名站')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: STATION })).toContainText('端到端改名站');

  // Joined, the site cannot be deleted; an edit renames the top bar's mark without a station switch.
  await table.getByRole('button', { name: '进入 端到端改名站' }).click();
  await expect(page.getByRole('banner').getByText(`当前站点：端到端改名站 (${STATION})`)).toBeVisible();
  await page.goto('/site/switch');
  await page.getByRole('textbox', { name: '站点编号' }).fill(STATION);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(table.getByRole('row').filter({ hasText: STATION }).getByText('当前站点')).toBeVisible();
  await expect(table.getByRole('button', { name: '删除 端到端改名站' })).toBeDisabled();
  await table.getByRole('button', { name: '编辑 端到端改名站' }).click();
  await field(form, '站点名称').fill('端到端测试站');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('banner').getByText(`当前站点：端到端测试站 (${STATION})`)).toBeVisible();
  await expect(table.getByRole('button', { name: '删除 端到端测试站' })).toBeDisabled();
  await screenshots(page, 'site-manage-joined-zh');
  await userMenu(page, '返回主站');
  await expect(page.getByRole('banner').getByText(/当前站点/)).toHaveCount(0);

  // Delete: declined, nothing happens; confirmed, it is gone.
  await page.goto('/site/switch');
  await page.getByRole('textbox', { name: '站点编号' }).fill(STATION);
  await page.getByRole('button', { name: '查询' }).click();
  await table.getByRole('button', { name: '删除 端到端测试站' }).click();
  await expect(page.getByRole('dialog', { name: '删除站点' })).toBeVisible();
  await expect(confirmDialog(page)).toContainText('确定删除站点“端到端测试站”（E2E-SM01）吗？');
  await screenshots(page, 'site-manage-confirm-zh');
  await confirmDialog(page).getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('dialog', { name: '删除站点' })).toHaveCount(0);
  expect(writes.filter((w) => w.path === REMOVE)).toEqual([]);
  await table.getByRole('button', { name: '删除 端到端测试站' }).click();
  await confirmDialog(page).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('已删除站点：端到端测试站')).toBeVisible();
  await expect(table.getByText('没有符合条件的站点')).toBeVisible();
  expect(writes.filter((w) => w.path === REMOVE).map((w) => w.status)).toEqual([200]);
  await page.getByRole('button', { name: '重置' }).click();
  await expect(page.getByText('共 22 条')).toBeVisible();
});

test('admin: site management in English', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.goto('/site/switch');
  const table = page.getByRole('table', { name: 'Sites' });
  await expect(table.getByRole('button', { name: /^Edit / })).toHaveCount(10);
  await expect(table.getByRole('button', { name: /^Delete / })).toHaveCount(10);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const form = formDialog(page);
  await expect(page.getByRole('dialog', { name: 'Add site' })).toBeVisible();
  await field(form, 'Station ID').fill('HS0001');
  await field(form, 'Site name').fill('Duplicate');
  await field(form, 'Contact').fill('Tester');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('station id HS0001 already exists');
  await screenshots(page, 'site-manage-duplicate-en');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Add site' })).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});

test('operator (switch_view only): no add, edit or delete', async ({ page }) => {
  await signIn(page, ACCOUNTS.operator);
  await page.goto('/site/switch');
  const table = page.getByRole('table', { name: '站点列表' });
  await expect(table.getByRole('button', { name: /^进入 / })).toHaveCount(10);
  await expect(page.getByRole('button', { name: '新增', exact: true })).toHaveCount(0);
  await expect(table.getByRole('button', { name: /^(编辑|删除) / })).toHaveCount(0);
  await screenshots(page, 'site-manage-operator-zh');
});
