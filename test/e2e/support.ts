import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { noticeDialogsSeen } from '../support/notice-flags.mjs';
import { BASE_PORT, codesFile } from './ports.mjs';

/** The codes file of the server this worker's tests talk to. */
const codesPath = () =>
  fileURLToPath(new URL(`../../${codesFile(BASE_PORT + test.info().parallelIndex)}`, import.meta.url));

interface IssuedCode {
  kind: 'captcha' | 'phone';
  key?: string;
  text?: string;
  id?: string;
  phone?: string;
  code?: string;
}

/**
 * How often the sign-in helpers look again (ms). Playwright's default backs off to a second, so a login that
 * takes 600 ms was seen only at 850 or 1850 ms: every test paid for it.
 */
const POLL = [50];

/** Every captcha and phone code the server issued so far (the server appends them in test runs). */
export function issuedCodes(): IssuedCode[] {
  const file = codesPath();
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as IssuedCode);
}

/**
 * The text of the newest captcha, once more than `before` captchas have been issued. The login page asks
 * for it as it renders; on a busy machine (the server tests run beside) that can take more than 5 s.
 */
export async function newestCaptcha(before: number): Promise<string> {
  let text = '';
  await expect
    .poll(
      () => {
        const captchas = issuedCodes().filter((c) => c.kind === 'captcha');
        text = captchas.length > before ? (captchas.at(-1)?.text ?? '') : '';
        return text;
      },
      { timeout: 15_000, intervals: POLL },
    )
    .not.toBe('');
  return text;
}

export const captchaCount = () => issuedCodes().filter((c) => c.kind === 'captcha').length;

export interface Account {
  tenantId: string;
  account: string;
  password: string;
}

export const OPERATOR: Account = { tenantId: '100001', account: 'operator', password: 'Operator@2026' };

/**
 * Signs in through the real login page (password tab with the captcha), forcing the login when the
 * account is still signed in from an earlier test. Leaves the page wherever the login flow goes.
 */
export async function signIn(
  page: Page,
  who: Account = OPERATOR,
  path = '/login',
  options: { noticeDialogs?: boolean } = {},
): Promise<void> {
  // The alarm and warning dialogs open by themselves once per session after signing in (spec §4, §6):
  // only the notices spec wants them; every other spec starts with them already seen.
  if (!options.noticeDialogs) await page.addInitScript(noticeDialogsSeen, who);
  const before = captchaCount();
  await page.goto(path);
  await submitLogin(page, who, before, options);
}

// ---- Helpers of the sign-in specs (test/e2e/auth) ----

/** The demo accounts of README.md, by what the specs use them for. */
export const ACCOUNTS = {
  operator: OPERATOR,
  admin: { tenantId: '100001', account: 'admin', password: 'Hydro@2026' },
  hzinfo: { tenantId: '100001', account: 'hzinfo', password: 'Hzinfo@2026' },
  newbie: { tenantId: '100001', account: 'newbie', password: 'Init@2026' },
  fresh: { tenantId: '100001', account: 'fresh', password: '123456' },
  platform: { tenantId: '000000', account: 'admin', password: 'admin123' },
  storageAdmin: { tenantId: '100002', account: 'admin', password: 'Storage@2026' },
} satisfies Record<string, Account>;

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const randomChars = (n: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(n), (b) => alphabet[b % alphabet.length]).join('');
};
/** The password as a password login sends it (docs/api.md section 2). */
export const wirePassword = (password: string) => randomChars(6) + md5(password) + randomChars(6);

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const AES_KEY = 'Hz6Q2pRt8LwX4vNb';
/** A username or new password encrypted as the console sends it (AES-128-ECB with the site key, base64). */
export const aes = (text: string) => {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(AES_KEY, 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
};

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  [field: string]: unknown;
}

/**
 * Signs an account in through the API, as another browser or device would (forcing the login when the
 * account already has a session), so the next login through the page meets the conflict question.
 */
export async function apiSignIn(request: APIRequestContext, who: Account): Promise<TokenAnswer> {
  const username = who.tenantId === '100002' ? aes(who.account) : who.account;
  const post = (form: Record<string, string>) =>
    request.post('/api/blade-system/oauth/token', {
      headers: { Authorization: BASIC, 'Tenant-Id': who.tenantId },
      form: { tenantId: who.tenantId, grant_type: 'password', scope: 'all', ...form },
    });
  let answer = await post({ username, password: wirePassword(who.password) });
  if (answer.status() === 409) {
    const uuid = ((await answer.json()) as { data: { uuid: string } }).data.uuid;
    answer = await post({ username: who.account, password: md5(who.password), uuid });
  }
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as TokenAnswer;
}

/** The access token the page stored (empty when signed out). */
export async function storedToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const text = localStorage.getItem('saber-access-token');
    if (!text) return '';
    return String((JSON.parse(text) as { content?: unknown }).content ?? '');
  });
}

/**
 * The headers of a signed-in call as the page would send them: its stored token and its session's data-auth
 * key (the reference server asks data calls for both, docs/api.md section 1).
 */
export async function signedInHeaders(page: Page): Promise<Record<string, string>> {
  const [token, dataAuth] = await page.evaluate(() =>
    ['saber-access-token', 'saber-dataAuthKey'].map((key) => {
      const text = localStorage.getItem(key);
      return text ? String((JSON.parse(text) as { content?: unknown }).content ?? '') : '';
    }),
  );
  return { 'Blade-Auth': `bearer ${token}`, 'Data-Auth': dataAuth ?? '' };
}

/** A signed-in call with the given token: its HTTP status. */
export async function statusWithToken(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/blade-system/oauth/user-info', {
    headers: { 'Blade-Auth': `bearer ${token}` },
  });
  return answer.status();
}

export const phoneCodeCount = () => issuedCodes().filter((c) => c.kind === 'phone').length;

/** The newest phone code issued for `phone`, once more than `before` phone codes have been issued. */
export async function newestPhoneCode(phone: string, before: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const codes = issuedCodes().filter((c) => c.kind === 'phone');
        code = codes.length > before ? (codes.filter((c) => c.phone === phone).at(-1)?.code ?? '') : '';
        return code;
      },
      { intervals: POLL },
    )
    .not.toBe('');
  return code;
}

/** The path and query the page is on. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/**
 * Fills and submits the password form of the login page that is open (it must have loaded a captcha
 * after `before` were issued), forcing the login if the account is signed in elsewhere; resolves once the
 * page has left /login.
 */
export async function submitLogin(
  page: Page,
  who: Account,
  before: number,
  options: { noticeDialogs?: boolean } = {},
): Promise<void> {
  // As in signIn: the notices parcel's once-per-session dialogs count as seen unless asked for.
  if (!options.noticeDialogs) await page.evaluate(noticeDialogsSeen, who);
  const tenant = page.getByRole('textbox', { name: '租户ID', exact: true });
  if ((await tenant.inputValue()) !== who.tenantId) await tenant.fill(who.tenantId);
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(who.account);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(who.password);
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(await newestCaptcha(before));
  await page.getByRole('button', { name: '登 录' }).click();
  await leftLogin(page);
}

/**
 * Resolves once a submitted sign-in has left /login, answering the conflict question with 强制登录 if the
 * account is signed in elsewhere.
 */
export async function leftLogin(page: Page): Promise<void> {
  const force = page.getByRole('button', { name: '强制登录' });
  // Signing in is several calls and a page of its own: on a busy machine it can take longer than an
  // expectation's usual 5 s.
  await expect
    .poll(
      async () => {
        if (await force.isVisible()) await force.click();
        return new URL(page.url()).pathname;
      },
      { timeout: 15_000, intervals: POLL },
    )
    .not.toBe('/login');
}

/**
 * Stops the page's fake clock (installed with `page.clock.install()`, which otherwise runs on with real
 * time): from here only `runFor` and `fastForward` move it, so a countdown shows exactly what the test ran
 * however slow the machine. Call it before whatever starts the countdown; it jumps 2 s ahead first.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
}

/** Chooses an entry of the user menu (the top bar's menu button, named with the user's name). */
export async function userMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('banner').locator('.ops-user-menu [aria-haspopup="menu"]').click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

/** Opens a menu item in the main menu: the submenus on the way, then the item's link. */
export async function openMenu(page: Page, ...names: string[]): Promise<void> {
  const nav = page.getByRole('navigation', { name: /主菜单|Main menu/ });
  const link = names.at(-1) ?? '';
  for (const name of names.slice(0, -1)) {
    const submenu = nav.getByRole('button', { name, exact: true });
    if ((await submenu.getAttribute('aria-expanded')) !== 'true') await submenu.click();
  }
  await nav.getByRole('link', { name: link, exact: true }).click();
}

// ---- Screenshots for a person to look at ----

/** The two screen sizes the console is checked at (DEVELOPERS: 1366x768 and 1920x1080). */
export const SCREEN_SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/**
 * Screenshots of the page at both sizes into test-results/screens/ (not committed), each once fonts and
 * animations have settled; none under CI unless SCREENSHOTS=1. `settle` runs first at each size (a chart redrawing for the new width, a
 * closing dialog). The viewport goes back to 1366x768 afterwards unless `restore` is false.
 */
export async function screenshots(
  page: Page,
  name: string,
  options: { settle?: () => Promise<void>; restore?: boolean } = {},
): Promise<void> {
  // They are for a person to look at, and assert nothing: CI skips them (about a second each) unless
  // SCREENSHOTS=1 asks for them.
  if (process.env.CI && process.env.SCREENSHOTS !== '1') return;
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await options.settle?.();
    await page.evaluate(async () => {
      await document.fonts.ready;
      // A cancelled animation rejects its `finished`: it has stopped either way.
      const animations = document.getAnimations({ subtree: true } as never);
      await Promise.all(animations.map((a) => a.finished.catch(() => undefined)));
    });
    await page.screenshot({ path: `test-results/screens/${name}-${size.width}x${size.height}.png` });
  }
  if (options.restore !== false) await page.setViewportSize(SCREEN_SIZES[0]);
}

/**
 * Waits until the chart under `root` has drawn its lines: a count, or the series named in its legend, in
 * order. A chart is one named image to assistive technology (the figure's name), so its drawing is read
 * from the DOM, as test/support/dom.ts's drawnSeries does in the unit tests.
 */
export async function expectDrawnSeries(root: Locator, names: string[] | number): Promise<void> {
  const legend = root.locator('.apexcharts-legend-text');
  const count = typeof names === 'number' ? names : names.length;
  await expect(root.locator('.apexcharts-series path.apexcharts-line')).toHaveCount(count, {
    timeout: 10_000,
  });
  // A chart of one series shows no legend.
  if (typeof names !== 'number') await expect(legend).toHaveText(names);
}
