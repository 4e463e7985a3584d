import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, openMenu, signIn, storedToken } from './support';

// The system app's tenants and users pages against the reference server (issue 27): the platform
// administrator adds a tenant, edits it, applies licence settings to two tenants and removes the one it
// added; 100001/admin adds a user, grants a role, resets the password and deletes the user; the operator
// sees no 系统管理 and is refused a forced user write (403). The spec leaves the seed as it found it, but
// for the licence of tenant 100002 it sets (account number unlimited, no expiry: as seeded).

const dialog = (page: Page, label: string) => page.locator(`sl-dialog[open][label="${label}"]`);
const confirmDialog = (page: Page) => page.locator('.ops-confirm-host sl-dialog[open]');

test('platform admin: add, edit, licence and remove a tenant', async ({ page }) => {
  await signIn(page, ACCOUNTS.platform);
  await openMenu(page, '平台管理', '租户管理');
  const table = page.getByRole('table', { name: '租户列表' });
  await expect(table.getByRole('checkbox', { name: '选择 管理平台' })).toBeVisible();

  await page.getByRole('button', { name: '新增', exact: true }).click();
  let form = dialog(page, '新增租户');
  await form.getByRole('textbox', { name: '租户名称' }).fill('E2E 租户');
  await form.getByRole('textbox', { name: '联系电话' }).fill('0751-1234567');
  await form.getByRole('combobox', { name: '租户类型' }).selectOption('water');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
  await page.getByRole('textbox', { name: '租户名称' }).fill('E2E');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table.getByRole('cell', { name: 'E2E 租户', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '编辑 E2E 租户' }).click();
  form = dialog(page, '编辑租户');
  await form.getByRole('textbox', { name: '租户名称' }).fill('E2E 租户二');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(table.getByRole('cell', { name: 'E2E 租户二', exact: true })).toBeVisible();

  // Licence settings for the new tenant and Storage Demo.
  await page.getByRole('button', { name: '重置', exact: true }).click();
  await page.getByRole('checkbox', { name: '选择 E2E 租户二' }).check();
  await page.getByRole('checkbox', { name: '选择 Storage Demo' }).check();
  await page.getByRole('button', { name: '授权配置' }).click();
  form = dialog(page, '授权配置');
  await expect(form.getByText('授权配置将应用于选中的 2 个租户')).toBeVisible();
  const setting = page.waitForResponse((r) => r.url().includes('/tenant/setting'));
  await form.getByRole('button', { name: '保存' }).click();
  const answer = await (await setting).json();
  expect(answer.data).toEqual({ changed: 2 });

  await page.getByRole('button', { name: '删除 管理平台' }).click();
  await confirmDialog(page).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('the platform tenant 000000 cannot be removed')).toBeVisible();
  await page.getByRole('button', { name: '删除 E2E 租户二' }).click();
  await expect(confirmDialog(page).getByText('确定删除“E2E 租户二”吗？')).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: '删除' }).click();
  await expect(table.getByRole('cell', { name: 'E2E 租户二', exact: true })).toHaveCount(0);
});

test('tenant admin: add a user, grant a role, reset the password, delete the user', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  await openMenu(page, '系统管理', '用户管理');
  const table = page.getByRole('table', { name: '用户列表' });
  await expect(table.getByRole('checkbox', { name: '选择 newbie' })).toBeVisible();

  await page.getByRole('button', { name: '新增', exact: true }).click();
  const form = dialog(page, '新增用户');
  await form.getByRole('textbox', { name: '账号' }).fill('e2eduty');
  await form.getByRole('textbox', { name: '姓名' }).fill('值班员');
  await form.getByRole('checkbox', { name: '普通用户' }).check();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
  await page.getByRole('textbox', { name: '账号' }).fill('e2eduty');
  await page.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(table.getByRole('cell', { name: 'e2eduty', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '角色配置 e2eduty' }).click();
  const roles = dialog(page, '角色配置');
  await roles.getByRole('checkbox', { name: '运维人员' }).check();
  await roles.getByRole('button', { name: '保存' }).click();
  await expect(roles).toHaveCount(0);
  await expect(table.getByRole('cell', { name: '运维人员,普通用户', exact: true })).toBeVisible();

  await page.getByRole('button', { name: '重置密码 e2eduty' }).click();
  await expect(confirmDialog(page).getByText(/123456/)).toBeVisible();
  await confirmDialog(page).getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('密码已重置为 123456')).toBeVisible();

  await page.getByRole('button', { name: '删除 e2eduty' }).click();
  await confirmDialog(page).getByRole('button', { name: '删除' }).click();
  await expect(table.getByRole('cell', { name: 'e2eduty', exact: true })).toHaveCount(0);
});

test('operator: no 系统管理, and a forced user write is refused', async ({ page }) => {
  await signIn(page, ACCOUNTS.operator);
  const nav = page.getByRole('navigation', { name: /主菜单|Main menu/ });
  await expect(nav.getByRole('link').first()).toBeVisible();
  await expect(nav.getByText('系统管理')).toHaveCount(0);
  const token = await storedToken(page);
  const answer = await page.request.post('/api/blade-system/user/submit', {
    headers: { 'Blade-Auth': `bearer ${token}` },
    data: { account: 'forced', realName: '强制', roleId: '1' },
  });
  expect(answer.status()).toBe(403);
});
