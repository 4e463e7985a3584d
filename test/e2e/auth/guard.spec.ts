import { expect, test } from '../fixtures';
import {
  ACCOUNTS,
  captchaCount,
  OPERATOR,
  pathOf,
  signIn,
  statusWithToken,
  storedToken,
  submitLogin,
} from '../support';

// The route guard (DECISIONS 1-3, docs/decisions.md "Routing") as a signed-out and a signed-in user meet it.

test('a deep link without a token lands on /authorization, and after login on the deep link', async ({
  page,
}) => {
  await page.goto('/station-monitor?station=7');
  await expect(page).toHaveURL('/authorization?redirect=%2Fstation-monitor%3Fstation%3D7');
  await expect(page.getByRole('heading', { name: '欢迎使用 · 运维控制台' })).toBeVisible();
  await expect(page.getByText('登录后将打开：/station-monitor?station=7')).toBeVisible();

  const before = captchaCount();
  await page.getByRole('button', { name: '前往登录' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Fstation-monitor%3Fstation%3D7');
  await submitLogin(page, OPERATOR, before);
  await expect(page).toHaveURL('/station-monitor?station=7');
  await expect(page.locator('#ops-main-view').getByRole('heading', { name: '电站监视' })).toBeVisible();
});

for (const evil of ['https://evil.example/steal', '//evil.example/steal', 'javascript:alert(1)']) {
  test(`a redirect to ${evil} is ignored: the user lands home`, async ({ page }) => {
    const before = captchaCount();
    await page.goto(`/login?redirect=${encodeURIComponent(evil)}`);
    await submitLogin(page, OPERATOR, before);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/index$/);
    await expect(page.getByRole('heading', { name: '运行总览', level: 1 })).toBeVisible();
  });
}

test('a tenantId in the URL other than the session’s clears the session', async ({ page }) => {
  await signIn(page, OPERATOR);
  await expect(page).toHaveURL(/\/index$/);
  const token = await storedToken(page);
  expect(token).not.toBe('');

  await page.goto('/index?tenantId=100002');
  await expect(page).toHaveURL(/\/authorization\?redirect=/);
  expect(decodeURIComponent(pathOf(page))).toContain('redirect=/index?tenantId=100002');
  await expect.poll(() => storedToken(page)).toBe('');
  // The session was ended on the server too.
  expect(await statusWithToken(page.request, token)).toBe(401);

  // The same tenant keeps the session.
  await signIn(page, OPERATOR);
  await page.goto('/index?tenantId=100001');
  await expect(page).toHaveURL('/index?tenantId=100001');
  await expect(page.getByRole('heading', { name: '运行总览', level: 1 })).toBeVisible();
});

test('the login page opened on a tenant link of another tenant signs in to that tenant', async ({ page }) => {
  // 100002 has system authentication on: the login page encrypts the username (docs/api.md section 2).
  await signIn(page, OPERATOR);
  const before = captchaCount();
  await page.goto('/login?tenantId=100002');
  await expect(page).toHaveURL('/login?tenantId=100002');
  await expect.poll(() => storedToken(page)).toBe('');
  await expect(page.getByRole('textbox', { name: '租户ID', exact: true })).toHaveValue('100002');
  await submitLogin(page, ACCOUNTS.storageAdmin, before);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('刘洋');
});

test('signed out: unknown paths and private pages go to /authorization keeping the path', async ({
  page,
}) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL('/authorization?redirect=%2Fno%2Fsuch%2Fpage%3Fx%3D1');
  await page.goto('/lock');
  await expect(page).toHaveURL('/authorization?redirect=%2Flock');
  await page.goto('/');
  await expect(page).toHaveURL('/authorization');
  await page.goto('/index');
  await expect(page).toHaveURL('/authorization?redirect=%2Findex');
});

test('signed out: /404, /403 and /500 show their pages, and /login stays', async ({ page }) => {
  for (const [path, title, body] of [
    ['/404', '页面不存在', '抱歉，您访问的页面不存在或已被移除。'],
    ['/403', '无权访问', '抱歉，您没有访问此页面的权限。如需访问，请联系管理员。'],
    ['/500', '服务器错误', '抱歉，服务器出现了问题，请稍后重试。'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText(body)).toBeVisible();
  }
  await page.goto('/login');
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('tab', { name: '账号密码' })).toBeVisible();
});

test('signed in: unknown paths go home, /404 shows, and its button goes home', async ({ page }) => {
  await signIn(page, OPERATOR);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/index$/);
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: '运行总览', level: 1 })).toBeVisible();
  for (const [path, title] of [
    ['/403', '无权访问'],
    ['/500', '服务器错误'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
});

test('signed in: /login, /authorization and / go home; an unlocked /lock too', async ({ page }) => {
  await signIn(page, OPERATOR);
  for (const path of ['/login', '/authorization', '/', '/lock']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/index$/);
  }
  await page.goto('/login?isBigModel=true');
  await expect(page).toHaveURL(/\/intelligentSpeech\/transmit$/);
});

test('the workbench account’s home is its fixed workbench route', async ({ page }) => {
  await signIn(page, { tenantId: '100001', account: 'znywpt', password: 'Znywpt@2026' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/site\/index$/);
});
