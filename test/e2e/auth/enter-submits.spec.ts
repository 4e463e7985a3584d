import { expect, test } from '../fixtures';
import { apiSignIn, captchaCount, newestCaptcha, OPERATOR, storedToken } from '../support';

// Enter in a field of the sign-in form submits it, as a click on the sign-in button does.

test('password sign-in by keyboard: Enter checks the form, then signs in once', async ({ page }) => {
  // End any session of the account left by an earlier test, so this sign-in meets no conflict question.
  const earlier = await apiSignIn(page.request, OPERATOR);
  const logout = await page.request.post('/api/blade-system/oauth/logout', {
    headers: { 'Blade-Auth': `bearer ${earlier.access_token}` },
  });
  expect(logout.status()).toBe(200);

  const signIns: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/oauth/token')) signIns.push(request.url());
  });
  const before = captchaCount();
  await page.goto('/login');
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });

  // Enter on the empty form shows what is missing and stays on the page.
  await field('租户ID').press('Enter');
  await expect(field('租户ID')).toHaveAccessibleDescription('请输入租户ID');
  await expect(field('账号')).toHaveAccessibleDescription('请输入账号');
  await expect(field('租户ID')).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);

  await field('租户ID').pressSequentially(OPERATOR.tenantId);
  await field('账号').pressSequentially(OPERATOR.account);
  await field('密码').pressSequentially(OPERATOR.password);
  await field('验证码').pressSequentially(await newestCaptcha(before));
  await field('验证码').press('Enter');

  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('李娜');
  expect(await storedToken(page)).not.toBe('');
  expect(signIns).toHaveLength(1);
});
