import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { openMenu, signIn } from './support';

// The language after sign-in (spec §2, §3, §7, issue 28): the top bar's 语言 / Language menu lists the
// i18n_language dictionary's languages; choosing one re-renders the chrome, the server's menu names, the
// parcels and the open sub-app in place (no reload), later requests carry the new Hz-Language, and the
// choice outlives a reload.

const isStationsCall = (language: string) => (request: Request) =>
  new URL(request.url()).pathname === '/api/blade-system/dept/getChildTenantDept' &&
  request.headers()['hz-language'] === language;

/** What the page shows in one language: top bar, sidebar (a server menu name), tag, parcel, sub-app. */
async function expectLanguage(page: Page, lang: 'zh' | 'en') {
  const zh = lang === 'zh';
  const banner = page.getByRole('banner');
  await expect(page.locator('html')).toHaveAttribute('lang', zh ? 'zh-CN' : 'en');
  await expect(banner.getByRole('button', { name: zh ? '语言' : 'Language', exact: true })).toBeVisible();
  await expect(banner.getByRole('button', { name: zh ? '全屏' : 'Full screen' })).toBeVisible();
  await expect(banner.getByRole('tab', { name: zh ? '首页' : 'Home', exact: true })).toBeVisible();
  const overview = zh ? '电站总览' : 'Station overview';
  const nav = page.getByRole('navigation', { name: zh ? '主菜单' : 'Main menu' });
  await expect(nav.getByRole('link', { name: overview, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('tablist', { name: zh ? '已打开页面' : 'Open pages' })).toContainText(overview);
  // The notification socket stays open through a switch (it carries no language); its state is worded anew.
  await expect(banner.getByRole('button', { name: zh ? /^通知，/ : /^Notices, / })).toHaveAttribute(
    'title',
    zh ? '通知连接：已连接' : 'Notification link: connected',
  );
  await expect(
    page.locator('#ops-main-view').getByRole('heading', { name: overview, level: 2 }),
  ).toBeVisible();
}

/** The marker put on the window: undefined after a reload. */
const marker = (page: Page) =>
  page.evaluate(() => (window as { opsLanguageMarker?: string }).opsLanguageMarker);

/** Chooses a language from the top bar's menu, checking that the current one is the checked item. */
async function chooseLanguage(page: Page, from: 'zh' | 'en', to: '中文' | 'English') {
  const label = from === 'zh' ? '语言' : 'Language';
  await page.getByRole('banner').getByRole('button', { name: label, exact: true }).click();
  const menu = page.getByRole('menu', { name: label });
  await expect(menu.getByRole('menuitemradio')).toHaveText(['中文', 'English']);
  await expect(menu.getByRole('menuitemradio', { name: from === 'zh' ? '中文' : 'English' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await menu.getByRole('menuitemradio', { name: to }).click();
  await expect(menu).toBeHidden();
}

test('the top bar’s language menu switches zh → en → zh in place; the choice survives a reload', async ({
  page,
}) => {
  await signIn(page);
  await openMenu(page, '运行监视', '电站总览');
  await expectLanguage(page, 'zh');
  // A marker on the window: gone if anything reloads the page.
  await page.evaluate(() => Object.assign(window, { opsLanguageMarker: 'kept' }));
  let navigated = 0;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigated++;
  });

  const menuTexts = page.waitForRequest(
    (r) => r.url().includes('/hnac/sys/i18n/byPrefix') && r.headers()['hz-language'] === 'en_US',
  );
  await chooseLanguage(page, 'zh', 'English');
  await menuTexts;
  await expectLanguage(page, 'en');
  expect(await marker(page)).toBe('kept');
  expect(navigated).toBe(0);
  const later = page.waitForRequest(isStationsCall('en_US'));
  await page.locator('#ops-main-view').getByRole('button', { name: 'Page 3' }).click();
  await later;
  expect(await page.evaluate(() => localStorage.getItem('saber-language'))).toBe('en');

  await page.reload();
  await expectLanguage(page, 'en');

  await page.evaluate(() => Object.assign(window, { opsLanguageMarker: 'kept' }));
  await chooseLanguage(page, 'en', '中文');
  await expectLanguage(page, 'zh');
  expect(await marker(page)).toBe('kept');
  const back = page.waitForRequest(isStationsCall('zh_CN'));
  await page.locator('#ops-main-view').getByRole('button', { name: '第 2 页' }).click();
  await back;
});
