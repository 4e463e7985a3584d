import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  ACCOUNTS,
  type Account,
  aes,
  apiSignIn,
  captchaCount,
  newestCaptcha,
  newestPhoneCode,
  pathOf,
  phoneCodeCount,
  screenshots,
  signIn,
  userMenu,
  wirePassword,
} from './support';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);

// The personal-info page (/info/index) and the profile dialog (spec §2, §5, §8). The password change uses
// an account made for this file (the admin creates it, its first password is set through the API), so no
// other spec's account changes. Screenshots go to test-results/screens/ (not committed).

/** A new account of tenant 100001 (the operator's role and department) with `password` set. */
async function freshAccount(request: APIRequestContext, account: string, password: string): Promise<Account> {
  const admin = await apiSignIn(request, ACCOUNTS.admin);
  const headers = { 'Blade-Auth': `bearer ${admin.access_token}` };
  const page = await request.get('/api/blade-system/user/page', {
    headers,
    params: { current: '1', size: '10', account: 'operator' },
  });
  const operator = ((await page.json()) as { data: { records: Record<string, string>[] } }).data.records[0]!;
  const created = await request.post('/api/blade-system/user/submit', {
    headers,
    data: { account, realName: '测试员', roleId: String(operator.roleId), deptId: String(operator.deptId) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const who = { tenantId: '100001', account, password: '123456' };
  const first = await apiSignIn(request, who);
  const changed = await request.post('/api/blade-system/user/update-password', {
    headers: { 'Blade-Auth': `bearer ${first.access_token}` },
    form: {
      oldPassword: wirePassword('123456'),
      newPassword: aes(password),
      newPassword1: aes(password),
      captcha: 'x',
    },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  return { ...who, password };
}

async function openProfile(page: Page) {
  const main = page.locator('#ops-main-view');
  await main.getByRole('button', { name: '个人中心' }).click();
  await expect(page.getByRole('dialog', { name: '个人中心' })).toBeVisible();
  // Shoelace's dialog role is in its shadow root and the content is slotted: find the content by the element.
  const dialog = page.locator('sl-dialog').filter({ has: page.locator('.ops-profile') });
  await expect(dialog.getByRole('tab', { name: '修改密码' })).toBeVisible();
  return dialog;
}

test('password change in the profile: the server refusal shows its message, a valid change signs out', async ({
  page,
  request,
}) => {
  const who = await freshAccount(request, 'profiletest', 'Profile@2026');
  await signIn(page, who);
  await userMenu(page, '个人信息');
  await expect.poll(() => pathOf(page)).toBe('/info/index');
  const dialog = await openProfile(page);
  await expect(dialog.getByText('profiletest')).toBeVisible();
  await expect(dialog.getByText('测试员')).toBeVisible();

  const fill = async (old: string, next: string) => {
    const before = captchaCount();
    await dialog.getByRole('button', { name: '验证码图片，点击刷新' }).click();
    const code = await newestCaptcha(before);
    await dialog.getByRole('textbox', { name: '原密码', exact: true }).fill(old);
    await dialog.getByRole('textbox', { name: '新密码', exact: true }).fill(next);
    await dialog.getByRole('textbox', { name: '确认密码', exact: true }).fill(next);
    await dialog.getByRole('textbox', { name: '验证码', exact: true }).fill(code);
  };
  // Wrong old password: refused by the server, its message shown, still signed in.
  await fill('Wrong@2026', 'Profile#2027');
  await dialog.getByRole('button', { name: '修改密码', exact: true }).click();
  await expect(dialog.getByRole('alert')).not.toHaveText('');
  const refusal = (await dialog.getByRole('alert').textContent()) ?? '';
  expect(refusal.length).toBeGreaterThan(0);
  await expect(page.getByText(refusal).first()).toBeVisible();
  await screenshots(page, 'profile-password-refused');
  expect(pathOf(page)).toBe('/info/index');

  // A valid change: success, signed out to the login page, and the new password signs in.
  await fill('Profile@2026', 'Profile#2027');
  await dialog.getByRole('button', { name: '修改密码', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  await signIn(page, { ...who, password: 'Profile#2027' });
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
});

test('avatar: a non-image file is refused with the message and nothing is sent', async ({ page }) => {
  await signIn(page, ACCOUNTS.hzinfo);
  await page.goto('/info/index');
  const dialog = await openProfile(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(dialog.getByRole('alert')).toHaveText('只能上传图片文件');
  expect(posts).toEqual([]);
  await screenshots(page, 'profile-avatar-refused');

  // An image is uploaded, saved as the avatar, and shown from its stored link.
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(dialog.getByRole('img', { name: '头像' })).toHaveAttribute(
    'src',
    /\/api\/blade-resource\/oss\/file\/[0-9a-f]{32}\.png$/,
  );
  expect(
    await dialog.getByRole('img', { name: '头像' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(1);

  // The site config has the IMS flag on: phone and default-station tabs and the help document, which
  // downloads as the site's PDF.
  await expect(dialog.getByRole('tab', { name: '修改手机号' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: '修改默认站点' })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '帮助文档' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  const bytes = await readFile(await file.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(page.getByText('帮助文档下载失败')).toHaveCount(0);
});

test('/info/index: edits and saves the personal info; bad input is refused before sending (zh and en)', async ({
  page,
  request,
}) => {
  // An account of its own: the saved fields do not change what other specs see.
  await signIn(page, await freshAccount(request, 'infotest', 'Info@2026x'));
  await page.goto('/info/index');
  const main = page.locator('#ops-main-view');
  await expect(main.getByRole('heading', { level: 1, name: '个人信息' })).toBeVisible();
  const email = main.getByRole('textbox', { name: '邮箱', exact: true });
  await expect(main.getByRole('textbox', { name: '姓名', exact: true })).not.toHaveValue('');
  await screenshots(page, 'info-page');

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('update-info')) posts.push(r.url());
  });
  await email.fill('not-an-email');
  await main.getByRole('button', { name: '保存', exact: true }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);

  await email.fill('infotest@example.com');
  await main.getByRole('textbox', { name: '昵称', exact: true }).fill('测试');
  await main.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('个人信息已保存')).toBeVisible();
  expect(posts).toHaveLength(1);
  await page.reload();
  await expect(main.getByRole('textbox', { name: '邮箱', exact: true })).toHaveValue('infotest@example.com');

  // English: the page and the dialog in en.
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.goto('/info/index');
  await expect(main.getByRole('heading', { level: 1, name: 'Personal info' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('infotest@example.com');
  await screenshots(page, 'info-page-en');
  await main.getByRole('button', { name: 'Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Change password' })).toBeVisible();
  await screenshots(page, 'profile-dialog-en');
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});

test('phone change (IMS on): a code sent to the new phone changes it, and the dialog and the page show it', async ({
  page,
  request,
}) => {
  await signIn(page, await freshAccount(request, 'phonetest', 'Phone@2026x'));
  await page.goto('/info/index');
  const dialog = await openProfile(page);
  await dialog.getByRole('tab', { name: '修改手机号' }).click();
  const phone = '13912340001';
  // No phone yet: the code is not asked for.
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('alert')).not.toHaveText('');
  await dialog.getByRole('textbox', { name: '新手机号', exact: true }).fill(phone);
  const before = phoneCodeCount();
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  const code = await newestPhoneCode(phone, before);
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await dialog.getByRole('textbox', { name: '短信验证码', exact: true }).fill(code);
  await screenshots(page, 'profile-phone');
  await dialog.getByRole('button', { name: '修改手机号', exact: true }).click();
  await expect(page.getByText('手机号已修改')).toBeVisible();
  await expect(dialog.getByText(phone)).toBeVisible();
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(page.locator('.ops-info__readonly').getByText(phone)).toBeVisible();
});
