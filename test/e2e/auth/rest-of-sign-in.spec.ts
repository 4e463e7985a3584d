import type { Page } from '@playwright/test';
import { noticeDialogsSeen } from '../../support/notice-flags.mjs';
import { expect, test } from '../fixtures';
import {
  ACCOUNTS,
  type Account,
  apiSignIn,
  captchaCount,
  newestCaptcha,
  newestPhoneCode,
  phoneCodeCount,
  signIn,
  storedToken,
  submitLogin,
  userMenu,
} from '../support';

// Issue 28 in the sign-in area: forgot password (spec §7), the login answer's landing page and the tenant
// of the site's domain (spec §3), and the forced logout keeping the tenant of the login link (spec §4).

/** 100002/duty: its login answer names the real-time page (seed); nobody else signs in with it. */
const DUTY: Account = { tenantId: '100002', account: 'duty', password: 'Duty@2026' };
const DUTY_PHONE = '13900000003';
const STORAGE_ADMIN_PHONE = '13900000002';
const REALTIME = /\/station-monitor\/realtime\/index$/;

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** Fills the open forgot-password form (in the page's language) and resets by the code the server sent. */
async function resetByPhone(
  page: Page,
  texts: { phone: string; code: string; send: string; next: string; confirm: string; submit: string },
  phone: string,
  password: string,
) {
  await field(page, texts.phone).fill(phone);
  const before = phoneCodeCount();
  await page.getByRole('button', { name: texts.send }).click();
  await field(page, texts.code).fill(await newestPhoneCode(phone, before));
  await field(page, texts.next).fill(password);
  await field(page, texts.confirm).fill(password);
  await page.getByRole('button', { name: texts.submit }).click();
}

test('zh: the login answer’s landing page opens after sign-in; forgot password resets by phone code, then signs in', async ({
  page,
}) => {
  // The landing directive: duty lands on the real-time page, not the welcome page.
  await signIn(page, DUTY, '/login?tenantId=100002');
  await expect(page).toHaveURL(REALTIME);
  await expect(page.locator('#ops-main-view').getByRole('heading', { name: '实时数据' })).toBeVisible();
  await userMenu(page, '退出登录');
  await page.getByRole('button', { name: '确定' }).click();
  // The source tenant of the login link comes back with the login page.
  await expect(page).toHaveURL('/login?tenantId=100002');

  // Forgot password for 100002/admin: the page's rules first, then the server's refusal as sent, then
  // the reset (to the password it had: specs of this run sign in with it).
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await expect(field(page, '租户ID')).toHaveValue('100002');
  await field(page, '新密码').fill('abcdefgh1');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(field(page, '新密码')).toHaveAccessibleDescription(
    '密码须包含大写字母、小写字母、数字、特殊字符中的至少三种',
  );
  const zh = { phone: '手机号', code: '短信验证码', send: '获取验证码', next: '新密码', confirm: '确认密码' };
  await resetByPhone(page, { ...zh, submit: '重置密码' }, STORAGE_ADMIN_PHONE, 'Admin#2026');
  await expect(page.getByRole('alert').filter({ hasText: '新密码不能包含账号' })).toBeVisible();
  await field(page, '新密码').fill(ACCOUNTS.storageAdmin.password);
  await field(page, '确认密码').fill(ACCOUNTS.storageAdmin.password);
  const before = captchaCount();
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByRole('status').filter({ hasText: '密码已重置，请使用新密码登录' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '账号密码' })).toHaveAttribute('aria-selected', 'true');
  await submitLogin(page, ACCOUNTS.storageAdmin, before);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('刘洋');
});

test('en: the domain localhost presets its tenant read-only; forgot password, then the landing page', async ({
  page,
  baseURL,
}) => {
  // The e2e base URL is 127.0.0.1 (no tenant); the seed gives tenant 100002 the domain localhost.
  const local = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  await page.goto(`${local}/login`);
  await page.getByRole('button', { name: 'English' }).click();
  const tenant = field(page, 'Tenant ID');
  await expect(tenant).toHaveValue('100002');
  await expect(tenant).not.toBeEditable();
  await expect(tenant).toHaveAccessibleDescription('This site’s tenant: Storage Demo');

  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(field(page, 'Tenant ID')).toHaveValue('100002');
  const en = { phone: 'Phone number', code: 'SMS code', send: 'Send code', next: 'New password' };
  // The login form's captcha loads once the form is back.
  const before = captchaCount();
  await resetByPhone(
    page,
    { ...en, confirm: 'Confirm password', submit: 'Reset password' },
    DUTY_PHONE,
    'Night#2027',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Password reset. Please sign in with the new password.' }),
  ).toBeVisible();

  // Signed in with the new password on the preset tenant, duty lands on its real-time page.
  await page.evaluate(noticeDialogsSeen, DUTY);
  await field(page, 'Account').fill(DUTY.account);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Night#2027');
  await field(page, 'Captcha').fill(await newestCaptcha(before));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(REALTIME);
  await expect(page.locator('#ops-main-view').getByRole('heading', { name: 'Realtime data' })).toBeVisible();
});

/**
 * Opens another page, then ends the session by a forced sign-in elsewhere: going home afterwards makes the
 * home page's calls, which the server refuses (as in session.spec.ts).
 */
async function endElsewhere(page: Page) {
  await page.goto('/station-monitor');
  await expect(page.locator('#ops-main-view').getByRole('table')).toBeVisible();
  await apiSignIn(page.request, ACCOUNTS.operator);
}

test('a forced logout keeps the tenant of the login link: login reopens with it, en and zh', async ({
  page,
}) => {
  // en: signed in from a tenant link, the session is ended by a forced sign-in elsewhere.
  await page.goto('/login?tenantId=100001');
  await page.getByRole('button', { name: 'English' }).click();
  await page.evaluate(noticeDialogsSeen, ACCOUNTS.operator);
  // The page's captcha is shown, so issued: the newest one from here on is its own, not an earlier page's.
  await expect(page.locator('.ops-login__captcha-image img')).toBeVisible({ timeout: 15_000 });
  const first = captchaCount();
  await expect(field(page, 'Tenant ID')).toHaveValue('100001');
  await field(page, 'Account').fill(ACCOUNTS.operator.account);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ACCOUNTS.operator.password);
  await field(page, 'Captcha').fill(await newestCaptcha(first - 1));
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Earlier specs of the run may leave operator signed in elsewhere: force the sign-in then.
  const force = page.getByRole('button', { name: 'Force sign-in' });
  await expect
    .poll(async () => {
      if (await force.isVisible()) await force.click();
      return new URL(page.url()).pathname;
    })
    .toBe('/index');
  await endElsewhere(page);
  await userMenu(page, 'Home');
  await expect(page.getByRole('dialog', { name: 'Session ended' })).toBeVisible();
  await page.locator('sl-dialog[open]').getByRole('button', { name: 'Go to sign-in' }).click();
  await expect(page).toHaveURL(/\/login\?(.*&)?tenantId=100001(&|$)/);
  await expect(field(page, 'Tenant ID')).toHaveValue('100001');
  expect(await storedToken(page)).toBe('');

  // zh: the same from the login page it came back to.
  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.locator('.ops-login__captcha-image img')).toBeVisible({ timeout: 15_000 });
  const second = captchaCount();
  await submitLogin(page, ACCOUNTS.operator, second - 1);
  await expect(page).toHaveURL(/\/index$/);
  await endElsewhere(page);
  await userMenu(page, '首页');
  await expect(page.getByRole('dialog', { name: '登录已失效' })).toBeVisible();
  await page.locator('sl-dialog[open]').getByRole('button', { name: '前往登录' }).click();
  await expect(page).toHaveURL(/\/login\?(.*&)?tenantId=100001(&|$)/);
  await expect(field(page, '租户ID')).toHaveValue('100001');
});
