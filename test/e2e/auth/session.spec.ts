import { expect, test } from '../fixtures';
import {
  ACCOUNTS,
  apiSignIn,
  captchaCount,
  newestCaptcha,
  pauseClock,
  signIn,
  statusWithToken,
  storedToken,
  submitLogin,
  userMenu,
} from '../support';

// Session flows of spec §4: first login, the login conflict, lock, logout and the forced logout.

test('first login of newbie: the forced password change with every rule, then the new password signs in', async ({
  page,
}) => {
  const newbie = ACCOUNTS.newbie;
  const before = captchaCount();
  await page.goto('/login');
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill(newbie.tenantId);
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(newbie.account);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(newbie.password);
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(await newestCaptcha(before));
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL('/editPassword?tenantId=100001');
  await expect(page.getByRole('alert').filter({ hasText: '首次登录，请先修改密码' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '修改初始密码' })).toBeVisible();

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  const fill = async (values: [string, string, string, string]) => {
    for (const [i, name] of ['原密码', '新密码', '确认密码', '验证码'].entries()) {
      await field(name).fill(values[i]!);
    }
  };
  const submit = () => page.getByRole('button', { name: '提 交' }).click();
  const rules: Array<[[string, string, string, string], string, string]> = [
    [['abc', 'Newbie#2026', 'Newbie#2026', 'x'], '原密码', '原密码长度须为 4 到 16 个字符'],
    [['Init@2026', 'Ab1!', 'Ab1!', 'x'], '新密码', '新密码长度须为 8 到 16 个字符'],
    [
      ['Init@2026', 'abcdefgh1', 'abcdefgh1', 'x'],
      '新密码',
      '密码须包含大写字母、小写字母、数字、特殊字符中的至少三种',
    ],
    [['Init@2026', 'Strong#2026', 'Strong#2027', 'x'], '确认密码', '两次输入的密码不一致'],
    [['Init@2026', 'NEWBIE#2026x', 'NEWBIE#2026x', 'x'], '新密码', '密码不能包含账号'],
    [['Init@2026', 'Strong#2026', 'Strong#2026', ''], '验证码', '请输入验证码'],
  ];
  for (const [values, name, message] of rules) {
    await fill(values);
    await submit();
    await expect(field(name)).toHaveAccessibleDescription(message);
    await expect(page).toHaveURL('/editPassword?tenantId=100001');
  }

  // A wrong old password passes the page's rules; the server's message is shown and the captcha renewed.
  let issued = captchaCount();
  await fill(['Wrong@2026', 'Strong#2026', 'Strong#2026', await newestCaptcha(issued - 1)]);
  await submit();
  await expect(page.locator('main').getByRole('alert').filter({ hasText: '原密码不正确' })).toBeVisible();
  await expect(page).toHaveURL('/editPassword?tenantId=100001');

  // A valid change returns to login.
  const renewed = await newestCaptcha(issued);
  issued = captchaCount();
  await fill(['Init@2026', 'Strong#2026', 'Strong#2026', renewed]);
  await submit();
  await expect(page).toHaveURL('/login?tenantId=100001');
  await expect(page.getByRole('status').filter({ hasText: '密码修改成功，请使用新密码登录' })).toBeVisible();
  expect(await storedToken(page)).toBe('');

  // The old password is refused, the new one signs in (no more forced change).
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(newbie.account);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(newbie.password);
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(await newestCaptcha(issued));
  issued = captchaCount();
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '用户名或密码错误' })).toBeVisible();
  await submitLogin(page, { ...newbie, password: 'Strong#2026' }, issued);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('王芳');
});

/** Opens the login page and submits the password form of an account signed in elsewhere. */
async function meetConflict(
  page: import('@playwright/test').Page,
  who = ACCOUNTS.admin,
  beforeSubmit: () => Promise<void> = async () => {},
) {
  await apiSignIn(page.request, who);
  const before = captchaCount();
  await page.goto('/login');
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill(who.tenantId);
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(who.account);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(who.password);
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(await newestCaptcha(before));
  await beforeSubmit();
  await page.getByRole('button', { name: '登 录' }).click();
  const dialog = page.getByRole('dialog', { name: '登录冲突' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('该账号已在其他地方登录，是否强制登录？')).toBeVisible();
  return dialog;
}

test('login conflict: force login signs in and ends the other session', async ({ page }) => {
  const other = await apiSignIn(page.request, ACCOUNTS.admin);
  await meetConflict(page);
  await expect(page.getByRole('timer')).toHaveText(/^(30|[12]\d) 秒后自动取消$/);
  await page.getByRole('button', { name: '强制登录' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('banner')).toContainText('张伟');
  expect(await statusWithToken(page.request, other.access_token)).toBe(401);
});

test('login conflict: cancel abandons the login and stays on /login', async ({ page }) => {
  const dialog = await meetConflict(page);
  await page.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '已取消登录' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBe('');
});

test('login conflict: after 30 s the question times out and the login is abandoned', async ({ page }) => {
  await page.clock.install();
  const dialog = await meetConflict(page, ACCOUNTS.admin, () => pauseClock(page));
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText('30 秒后自动取消');
  await page.clock.runFor(10_000);
  await expect(timer).toHaveText('20 秒后自动取消');
  await page.clock.runFor(20_000);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '已取消登录' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBe('');
});

test('lock: a password is required; the lock survives reload and a new tab; only the right password unlocks', async ({
  page,
  context,
}) => {
  await signIn(page, ACCOUNTS.hzinfo);
  await expect(page).toHaveURL(/\/index$/);
  await userMenu(page, '锁屏');
  await expect(page.getByRole('dialog', { name: '锁屏' })).toBeVisible();
  const lockField = page.getByRole('textbox', { name: '锁屏密码', exact: true });
  await page.getByRole('button', { name: '锁 屏' }).click();
  await expect(lockField).toHaveAccessibleDescription('请输入锁屏密码');
  await expect(page).toHaveURL(/\/index$/);
  await lockField.fill('Lock#1234');
  await page.getByRole('button', { name: '锁 屏' }).click();
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByRole('heading', { name: '屏幕已锁定' })).toBeVisible();
  await expect(page.getByText('华自运维')).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.getByRole('heading', { name: '屏幕已锁定' })).toBeVisible();
  await page.goto('/station-monitor');
  await expect(page).toHaveURL(/\/lock$/);

  const second = await context.newPage();
  await second.goto('/index');
  await expect(second).toHaveURL(/\/lock$/);
  await expect(second.getByRole('heading', { name: '屏幕已锁定' })).toBeVisible();

  const unlockField = page.getByRole('textbox', { name: '锁屏密码', exact: true });
  await unlockField.fill('Lock#0000');
  await page.getByRole('button', { name: '解 锁' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '锁屏密码错误' })).toBeVisible();
  await expect(page).toHaveURL(/\/lock$/);

  await unlockField.fill('Lock#1234');
  await page.getByRole('button', { name: '解 锁' }).click();
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('heading', { name: '运行总览', level: 1 })).toBeVisible();
  // The other tab follows the unlock.
  await expect(second).toHaveURL(/\/index$/);

  // The lock password stays set: locking again needs no dialog.
  await userMenu(page, '锁屏');
  await expect(page).toHaveURL(/\/lock$/);
});

test('logout from the lock page asks, then signs out on the server and goes to /login', async ({ page }) => {
  await signIn(page, ACCOUNTS.hzinfo);
  const token = await storedToken(page);
  await userMenu(page, '锁屏');
  await page.getByRole('textbox', { name: '锁屏密码', exact: true }).fill('Lock#1234');
  await page.getByRole('button', { name: '锁 屏' }).click();
  await expect(page).toHaveURL(/\/lock$/);

  await page.getByRole('button', { name: '退出登录' }).click();
  await expect(page.getByRole('dialog', { name: '退出登录' })).toBeVisible();
  await expect(page.getByText('确定退出登录吗？')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBe('');
  expect(await statusWithToken(page.request, token)).toBe(401);
  // No lock is left behind for the next sign-in.
  await signIn(page, ACCOUNTS.hzinfo);
  await expect(page).toHaveURL(/\/index$/);
});

test('logout from the chrome asks for confirmation, then lands on /login with the token revoked', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.operator);
  const token = await storedToken(page);
  await userMenu(page, '退出登录');
  await expect(page.getByText('确定退出登录吗？')).toBeVisible();
  await page.getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/\/index$/);
  expect(await statusWithToken(page.request, token)).toBe(200);

  await userMenu(page, '退出登录');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedToken(page)).toBe('');
  expect(await statusWithToken(page.request, token)).toBe(401);
});

test('forced logout: a call refused with 401 asks login or authorization; login keeps the page', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.operator);
  await page.goto('/station-monitor');
  const main = page.locator('#ops-main-view');
  await expect(main.getByRole('heading', { name: '电站监视' })).toBeVisible();
  await expect(main.getByRole('table', { name: '电站列表' })).toBeVisible();
  // Signed in elsewhere with force: this page's session is revoked. The home page's calls (its overview
  // reads the stations, alarms and notices) are refused.
  await apiSignIn(page.request, ACCOUNTS.operator);
  await userMenu(page, '首页');

  await expect(page.getByRole('dialog', { name: '登录已失效' })).toBeVisible();
  await expect(page.getByText('您的登录已失效或已在其他地方退出。请选择下一步：')).toBeVisible();
  const dialog = page.locator('sl-dialog[open]');
  await expect(dialog.getByRole('button', { name: '返回入口页' })).toBeVisible();
  await dialog.getByRole('button', { name: '前往登录' }).click();
  await expect(page).toHaveURL('/login?redirect=%2Findex');
  expect(await storedToken(page)).toBe('');
});

test('forced logout: the refresh timer meets a revoked session; authorization is offered', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, ACCOUNTS.operator);
  await expect(page).toHaveURL(/\/index$/);
  const token = await storedToken(page);
  const revoked = await page.request.post('/api/blade-system/oauth/logout', {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  expect(revoked.status()).toBe(200);
  // Token time 3000 s (DECISIONS 5), checked every 10 s: the refresh is refused.
  await page.clock.fastForward('50:10');
  await page.clock.runFor(10_000);

  await expect(page.getByRole('dialog', { name: '登录已失效' })).toBeVisible();
  await page.getByRole('button', { name: '返回入口页' }).click();
  await expect(page).toHaveURL('/authorization?redirect=%2Findex');
  expect(await storedToken(page)).toBe('');
});

test('the platform default password is reminded once after sign-in', async ({ page }) => {
  await signIn(page, ACCOUNTS.fresh);
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.getByRole('dialog', { name: '安全提醒' })).toBeVisible();
  await expect(page.getByText('您正在使用平台默认密码，存在安全风险，请尽快修改密码。')).toBeVisible();
  await page.getByRole('button', { name: '稍后' }).click();
  await expect(page.getByRole('dialog', { name: '安全提醒' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: '运行总览', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog', { name: '安全提醒' })).toBeHidden();
});
