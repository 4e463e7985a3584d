import { expect, test } from '../fixtures';
import {
  ACCOUNTS,
  apiSignIn,
  captchaCount,
  newestCaptcha,
  newestPhoneCode,
  OPERATOR,
  pauseClock,
  phoneCodeCount,
  storedToken,
} from '../support';

// Every sign-in mode the reference server supports, through the real login page (docs/api.md section 3).

test('password and captcha: a wrong captcha shows the server error and a new image; the right one signs in', async ({
  page,
}) => {
  const who = ACCOUNTS.platform;
  const before = captchaCount();
  await page.goto('/login');
  const first = await newestCaptcha(before);
  const image = page.getByRole('button', { name: '验证码图片，点击刷新' }).locator('img');
  await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
  const firstSrc = await image.getAttribute('src');

  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill(who.tenantId);
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(who.account);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(who.password);
  const wrong = first === 'zzzz' ? 'yyyy' : 'zzzz';
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(wrong);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '验证码不正确或已过期' })).toBeVisible();
  // The spent key is replaced: a new captcha was issued, shown, and the code field emptied.
  const second = await newestCaptcha(before + 1);
  await expect(image).not.toHaveAttribute('src', firstSrc ?? '');
  await expect(page.getByRole('textbox', { name: '验证码', exact: true })).toHaveValue('');
  expect(await storedToken(page)).toBe('');

  // Clicking the image asks for another one.
  await page.getByRole('button', { name: '验证码图片，点击刷新' }).click();
  const third = await newestCaptcha(before + 2);
  expect(captchaCount()).toBe(before + 3);
  expect([first, second]).not.toContain(undefined);

  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(third);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('平台管理员');
  expect(await storedToken(page)).not.toBe('');
});

test('a refused password shows the server’s error_description and signs nobody in', async ({ page }) => {
  const before = captchaCount();
  await page.goto('/login');
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill(OPERATOR.tenantId);
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(OPERATOR.account);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill('Wrong@2026');
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(await newestCaptcha(before));
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBe('');
  // The form is ready for another attempt with a fresh captcha.
  await newestCaptcha(before + 1);
});

test('phone and code: the send button counts down 60 s and stays blocked; the code signs in', async ({
  page,
}) => {
  const phone = '13800000002'; // 100001/operator
  await page.clock.install();
  await page.goto('/login');
  await page.getByRole('tab', { name: '手机验证码' }).click();
  await expect(page.getByRole('tab', { name: '手机验证码' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill('100001');
  await page.getByRole('textbox', { name: '手机号码', exact: true }).fill(phone);

  const before = phoneCodeCount();
  const send = page.getByRole('button', { name: '获取验证码' });
  await pauseClock(page);
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: '验证码已发送' })).toBeVisible();
  const counting = page.getByRole('button', { name: /秒后重新获取/ });
  await expect(counting).toHaveAccessibleName('60 秒后重新获取');
  await expect(counting).toBeDisabled();

  await page.clock.runFor(30_000);
  await expect(counting).toHaveAccessibleName('30 秒后重新获取');
  await expect(counting).toBeDisabled();
  await page.clock.runFor(29_000);
  await expect(counting).toHaveAccessibleName('1 秒后重新获取');
  await expect(counting).toBeDisabled();
  await page.clock.runFor(1_000);
  await expect(page.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  // Signing in runs on the page's timers: let the clock go again.
  await page.clock.resume();

  const code = await newestPhoneCode(phone, before);
  await page.getByRole('textbox', { name: '短信验证码', exact: true }).fill(code);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('李娜');
});

test('social sign-in with the demo provider signs the bound account in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '第三方登录' }).click();
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill('100001');
  await expect(page.getByRole('textbox', { name: '第三方身份', exact: true })).toHaveValue('demo-operator');
  // The browser goes to the provider and comes back to /login with the code and this tab's state.
  await page.getByRole('button', { name: '使用 Demo 登录' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('李娜');
});

test('a provider answer this tab did not ask for signs nobody in', async ({ page }) => {
  const tokenCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/oauth/token')) tokenCalls.push(request.url());
  });
  await page.goto('/login?source=demo&code=forged&state=forged&tenantId=100001');
  await expect(page.getByRole('alert')).toHaveText('第三方登录未能通过校验，请重新登录');
  await expect(page).toHaveURL(/\/login\?tenantId=100001$/);
  expect(tokenCalls).toEqual([]);
  expect(await storedToken(page)).toBe('');
});

test('an unbound social identity registers through the dialog, then signs in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '第三方登录' }).click();
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill('100001');
  await page.getByRole('textbox', { name: '第三方身份', exact: true }).fill('demo-e2e-unbound');
  await page.getByRole('button', { name: '使用 Demo 登录' }).click();
  await expect(page.getByRole('dialog', { name: '第三方账号注册' })).toBeVisible();
  await expect(page.getByText('该第三方身份尚未绑定账号，请注册后登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?tenantId=100001$/);

  const dialog = page.locator('.ops-register-dialog');
  await expect(dialog.getByRole('textbox', { name: '租户ID', exact: true })).toHaveValue('100001');
  await dialog.getByRole('textbox', { name: '姓名', exact: true }).fill('测试访客');
  await dialog.getByRole('textbox', { name: '账号', exact: true }).fill('e2e_guest');
  await dialog.getByRole('textbox', { name: '密码', exact: true }).fill('Guest#2026');
  await dialog.getByRole('textbox', { name: '确认密码', exact: true }).fill('Guest#2027');
  await page.getByRole('button', { name: '注册' }).click();
  await expect(dialog.getByRole('textbox', { name: '确认密码', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await dialog.getByRole('textbox', { name: '确认密码', exact: true }).fill('Guest#2026');
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByRole('status').filter({ hasText: '注册成功，请重新登录' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '第三方账号注册' })).toHaveCount(0);
  expect(await storedToken(page)).toBe('');

  // The identity is bound now: the same social sign-in opens the new account.
  await page.getByRole('textbox', { name: '第三方身份', exact: true }).fill('demo-e2e-unbound');
  await page.getByRole('button', { name: '使用 Demo 登录' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('测试访客');
});

test('QR code: the tenant, the code generated for it, confirmed by the phone (dev route), signed in', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: '扫码登录' }).click();
  // The token endpoint needs the tenant: no code until one is given.
  await expect(page.getByText('请输入租户ID，生成登录二维码')).toBeVisible();
  await expect(page.getByRole('img', { name: '登录二维码' })).toHaveCount(0);
  const generated = page.waitForResponse(/\/wxPush\/generate\/qrCode/);
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill('100001');
  const answer = await generated;
  expect(new URL(answer.url()).searchParams.get('tenantId')).toBe('100001');
  const { data } = (await answer.json()) as { data: { checkId: string } };
  await expect(page.getByRole('img', { name: '登录二维码' })).toBeVisible();
  await expect(page.getByText('请使用手机 App 扫描二维码登录')).toBeVisible();

  const confirmed = await page.request.post('/api/blade-system/wxPush/dev/confirm', {
    data: { checkId: data.checkId, tenantId: '100001', account: 'operator' },
  });
  expect(confirmed.status()).toBe(200);
  await expect(page).toHaveURL(/\/index$/, { timeout: 10_000 });
  await expect(page.getByRole('banner')).toContainText('李娜');
});

test('login-free: a one-time ticket in the URL signs in without a password', async ({ page }) => {
  const session = await apiSignIn(page.request, OPERATOR);
  const ticket = await page.request.post('/api/blade-system/oauth/callback-ticket', {
    headers: { 'Blade-Auth': `bearer ${session.access_token}` },
  });
  expect(ticket.status()).toBe(200);
  const { callback } = ((await ticket.json()) as { data: { callback: string } }).data;

  await page.goto(`/login?loginFree=true&callback=${encodeURIComponent(callback)}&tenantId=100001`);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('李娜');
  expect(await storedToken(page)).not.toBe('');
});

test('login-free with a spent ticket shows the server message and offers the login form', async ({
  page,
}) => {
  await page.goto('/login?loginFree=true&callback=not-a-ticket&tenantId=100001');
  await expect(page.getByRole('alert').filter({ hasText: '免登录凭证无效或已过期' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '账号密码' })).toBeVisible();
  expect(await storedToken(page)).toBe('');
});
