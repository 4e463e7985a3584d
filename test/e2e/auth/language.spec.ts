import { expect, test } from '../fixtures';
import { OPERATOR } from '../support';

// zh is the default, en the other; the choice persists and every API call says it in Hz-Language.

const CAPTCHA = /\/api\/blade-system\/oauth\/captcha/;

test('switching to en changes the page, survives reload and sends Hz-Language en_US; zh sends zh_CN', async ({
  page,
}) => {
  const first = page.waitForRequest(CAPTCHA);
  await page.goto('/login');
  expect(await (await first).headerValue('Hz-Language')).toBe('zh_CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('button', { name: '中文' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('tab', { name: 'Password' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Phone code' })).toBeVisible();
  await expect(page.getByText('Hydropower & energy-storage operations')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Operations console' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Tenant ID', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '账号密码' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A refreshed captcha is asked for in English.
  const refreshed = page.waitForRequest(CAPTCHA);
  await page.getByRole('button', { name: 'Captcha image, click to refresh' }).click();
  expect(await (await refreshed).headerValue('Hz-Language')).toBe('en_US');

  const reloaded = page.waitForRequest(CAPTCHA);
  await page.reload();
  expect(await (await reloaded).headerValue('Hz-Language')).toBe('en_US');
  await expect(page.getByRole('tab', { name: 'Password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

  // The server answers in English too: a refused sign-in shows its English error_description.
  await page.getByRole('textbox', { name: 'Tenant ID', exact: true }).fill(OPERATOR.tenantId);
  await page.getByRole('textbox', { name: 'Account', exact: true }).fill(OPERATOR.account);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(OPERATOR.password);
  await page.getByRole('textbox', { name: 'Captcha', exact: true }).fill('wrong');
  const token = page.waitForRequest(/\/oauth\/token/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  expect(await (await token).headerValue('Hz-Language')).toBe('en_US');
  await expect(page.getByRole('alert').filter({ hasText: 'captcha is wrong or expired' })).toBeVisible();

  await page.getByRole('button', { name: '中文' }).click();
  await expect(page.getByRole('tab', { name: '账号密码' })).toBeVisible();
  const back = page.waitForRequest(CAPTCHA);
  await page.getByRole('button', { name: '验证码图片，点击刷新' }).click();
  expect(await (await back).headerValue('Hz-Language')).toBe('zh_CN');
});

test('the language chosen on the login page carries to the other public pages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'English' }).click();
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to home' })).toBeVisible();
  await page.goto('/station-monitor');
  await expect(page.getByRole('heading', { name: 'Welcome · Operations console' })).toBeVisible();
  await expect(page.getByText('After signing in you will go to: /station-monitor')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to sign-in' })).toBeVisible();
});
