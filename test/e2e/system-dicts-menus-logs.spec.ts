import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, openMenu, signIn } from './support';

// The system app's dictionaries, menus and logs pages (issue 27) as the tenant administrator 100001/admin,
// against the reference server. Names are unique per run; what the test adds it removes again.

/** A Shoelace dialog by its name: its slotted fields live outside the shadow root's dialog element. */
const dialogNamed = (page: Page, name: string) =>
  page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

test.afterEach(async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh')).catch(() => undefined);
});

test('dictionaries, menus and logs: add, edit, remove, details; English headings', async ({ page }) => {
  const run = Date.now().toString(36);
  await signIn(page, ACCOUNTS.admin);
  const main = page.getByRole('main');

  // A dictionary with two entries, one of them deleted again.
  await openMenu(page, '系统管理', '字典管理');
  await expect(main.getByRole('heading', { name: '字典管理', level: 2 })).toBeVisible();
  await main.getByRole('button', { name: '新增', exact: true }).click();
  let dialog = dialogNamed(page, '新增字典');
  await dialog.getByRole('textbox', { name: /字典编号/ }).fill(`e2e_${run}`);
  await dialog.getByRole('textbox', { name: /字典名称/ }).fill(`测试${run}`);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await main.getByRole('textbox', { name: '字典编号' }).fill(`e2e_${run}`);
  await main.getByRole('button', { name: '搜索' }).click();
  await main.getByRole('button', { name: `字典项 测试${run}` }).click();
  for (const [key, value] of [
    ['a', '甲'],
    ['b', '乙'],
  ]) {
    await main.getByRole('button', { name: '新增字典项' }).click();
    dialog = dialogNamed(page, '新增字典项');
    await dialog.getByRole('textbox', { name: /字典键值/ }).fill(key!);
    await dialog.getByRole('textbox', { name: /字典值/ }).fill(value!);
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog).toBeHidden();
  }
  const entries = main.getByRole('table', { name: `测试${run} 的字典项` });
  await expect(entries.getByRole('row')).toHaveCount(3);
  await expect(main.getByRole('combobox', { name: '下拉预览' }).locator('option:not([disabled])')).toHaveText(
    ['甲', '乙'],
  );
  await entries.getByRole('button', { name: '删除 甲' }).click();
  await dialogNamed(page, '确认删除').getByRole('button', { name: '删除' }).click();
  await expect(entries.getByRole('row')).toHaveCount(2);
  await expect(entries.getByRole('cell', { name: '乙', exact: true })).toBeVisible();

  // A menu item under 运行监视, edited, then removed.
  await openMenu(page, '系统管理', '菜单管理');
  await expect(main.getByRole('heading', { name: '菜单管理', level: 2 })).toBeVisible();
  await main.getByRole('button', { name: '新增', exact: true }).click();
  dialog = dialogNamed(page, '新增菜单');
  await expect(
    dialog.getByRole('combobox', { name: '上级菜单' }).locator('option', { hasText: '运行监视' }),
  ).toHaveCount(1);
  // The tenant's apps (application/all) are named under the app code.
  await expect(dialog.getByText(/^已有应用：.*station-monitor/)).toBeVisible();
  await dialog.getByRole('combobox', { name: '上级菜单' }).selectOption({ label: '运行监视' });
  await dialog.getByRole('textbox', { name: /菜单名称/ }).fill(`报表${run}`);
  await dialog.getByRole('textbox', { name: /菜单编号/ }).fill(`e2e_${run}`);
  await dialog.getByRole('textbox', { name: '路由地址' }).fill(`/station-monitor/e2e${run}/index`);
  await dialog.getByRole('textbox', { name: '应用编号' }).fill('station-monitor');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  const tree = main.getByRole('table', { name: '菜单' });
  await expect(tree.getByRole('button', { name: '收起 运行监视' })).toBeVisible();
  await tree.getByRole('button', { name: `编辑 报表${run}` }).click();
  dialog = dialogNamed(page, '编辑菜单');
  await expect(dialog.getByRole('combobox', { name: '上级菜单' })).toHaveValue(/\d+/);
  await dialog.getByRole('textbox', { name: /菜单名称/ }).fill(`统计${run}`);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await expect(tree.getByRole('cell', { name: `统计${run}`, exact: true })).toBeVisible();
  await tree.getByRole('button', { name: `删除 统计${run}` }).click();
  await dialogNamed(page, '确认删除').getByRole('button', { name: '删除' }).click();
  await expect(tree.getByRole('cell', { name: `统计${run}`, exact: true })).toHaveCount(0);

  // The error log and one record's details.
  await openMenu(page, '系统管理', '日志管理', '错误日志');
  await expect(main.getByRole('heading', { name: '错误日志', level: 2 })).toBeVisible();
  const errors = main.getByRole('table', { name: '错误日志记录' });
  await errors
    .getByRole('button', { name: /^详情 / })
    .first()
    .click();
  dialog = dialogNamed(page, '日志详情');
  await expect(dialog.getByText('错误信息', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).last().click();
  await expect(dialog).toBeHidden();

  // In English the pages' headings are English.
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  for (const [path, heading] of [
    ['/system/log/error', 'Error log'],
    ['/system/dict/index', 'Dictionaries'],
    ['/system/menu/index', 'Menus'],
  ]) {
    await page.goto(path!);
    await expect(main.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  await main.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialogNamed(page, 'Add menu').getByText(/^Apps: .*station-monitor/)).toBeVisible();
});
