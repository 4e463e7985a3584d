import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, apiSignIn, screenshots, signIn } from './support';

// The four layouts of the user's layout state (spec §2, §3; issue 10), as the hzinfo account (an
// administrator of tenant 100001) sees them after saving one with `save/layoutState`. Each test puts the
// account back to the default layout afterwards. Screenshots go to test-results/screens/ for a person to
// look at.

const WHO = ACCOUNTS.hzinfo;

/** A Shoelace dialog by its name: its content is slotted, outside the shadow part that has the role. */
const dialogNamed = (page: Page, name: string) =>
  page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

async function saveLayout(request: APIRequestContext, layout: Record<string, unknown> | null) {
  const token = await apiSignIn(request, WHO);
  const answer = await request.post('/api/blade-system/user/save/layoutState', {
    headers: { 'Blade-Auth': `bearer ${token.access_token}`, 'Tenant-Id': WHO.tenantId },
    data: { id: token.user_id, layoutState: layout === null ? null : JSON.stringify(layout) },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.afterEach(async ({ request }) => saveLayout(request, null));

test('every layout in zh and en: the main menu is there and nothing overlaps (screenshots at both sizes)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  for (const layout of ['vertical', 'classic', 'transverse', 'columns'] as const) {
    // Saved first: the API sign-in ends the page's session (one session per account), and the layout
    // applies from the next sign-in.
    await saveLayout(request, { layout });
    if (layout !== 'vertical') {
      // The page's ended session: start again from a signed-out page.
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
    await signIn(page, WHO);
    for (const lang of ['zh', 'en'] as const) {
      await page.evaluate((code) => localStorage.setItem('saber-language', code), lang);
      await page.goto('/station-monitor/overview/index');
      const nav = page.getByRole('navigation', { name: lang === 'zh' ? '主菜单' : 'Main menu' });
      await expect(nav).toBeVisible();
      await expect(
        page.getByRole('main').getByRole('heading', { name: lang === 'zh' ? '电站监视' : 'Station monitor' }),
      ).toBeVisible();
      // The main view starts below the top bar and right of the sidebar, whatever the layout.
      const top = await page.locator('header.ops-topbar').boundingBox();
      const main = await page.getByRole('main').boundingBox();
      expect(main && top && main.y >= top.y + top.height).toBe(true);
      await screenshots(page, `layout-${layout}-${lang}`);
    }
  }
});

test('transverse: the menu runs across the top bar; a submenu opens below its item and Esc closes it', async ({
  page,
  request,
}) => {
  await saveLayout(request, { layout: 'transverse' });
  await signIn(page, WHO);
  await page.goto('/station-monitor/overview/index');
  const banner = page.getByRole('banner');
  const nav = banner.getByRole('navigation', { name: '主菜单' });
  await expect(nav).toBeVisible();
  // No sidebar, no collapse button, no top-menu strip: the horizontal menu takes their place.
  await expect(page.getByRole('navigation', { name: '主菜单' })).toHaveCount(1);
  await expect(banner.getByRole('button', { name: /收起菜单|展开菜单/ })).toHaveCount(0);
  await expect(banner.getByRole('tablist')).toHaveCount(0);

  // The first-level item that holds the page is marked; its submenu opens on click and lists the page.
  const monitor = nav.getByRole('button', { name: '运行监视' });
  await expect(monitor).toHaveAttribute('data-holds-current', 'true');
  await monitor.click();
  await expect(monitor).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: '电站总览' })).toHaveAttribute('aria-current', 'page');
  // The submenu sits below its item, inside the window.
  const item = await monitor.boundingBox();
  const popup = await nav.getByRole('list', { name: '运行监视' }).boundingBox();
  expect(popup && item && popup.y >= item.y + item.height - 1).toBe(true);
  await screenshots(page, 'layout-transverse-zh');
  await page.keyboard.press('Escape');
  await expect(monitor).toHaveAttribute('aria-expanded', 'false');
  await expect(monitor).toBeFocused();

  // Keyboard: ArrowDown opens and moves into the submenu; Enter follows the link.
  await page.keyboard.press('ArrowDown');
  await expect(nav.getByRole('link', { name: '电站总览' })).toBeFocused();
  // A first-level leaf is a link in the bar itself.
  await nav.getByRole('link', { name: '个人信息', exact: true }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(nav.getByRole('link', { name: '个人信息', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('columns: first-level items in a column bar, the chosen column’s submenu beside it', async ({
  page,
  request,
}) => {
  await saveLayout(request, { layout: 'columns' });
  await signIn(page, WHO);
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.goto('/station-monitor/overview/index');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const monitor = nav.getByRole('button', { name: 'Operations monitor' });
  // The page's column is chosen and its submenu shows the page.
  await expect(monitor).toHaveAttribute('aria-pressed', 'true');
  await expect(nav.getByRole('link', { name: 'Station overview' })).toHaveAttribute('aria-current', 'page');
  await screenshots(page, 'layout-columns-en');

  // Choosing another column shows its submenu; the page stays where it is.
  await nav.getByRole('button', { name: 'Approvals' }).click();
  await expect(nav.getByRole('button', { name: 'Approvals' })).toHaveAttribute('aria-pressed', 'true');
  await expect(monitor).toHaveAttribute('aria-pressed', 'false');
  await expect(nav.getByRole('link', { name: 'Station overview' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Leave request', exact: true }).click();
  await expect(page).toHaveURL(/\/leave-workflow\/apply\/index$/);
  await expect(nav.getByRole('link', { name: 'Leave request', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The top menus are named in English too (server texts `menu.top.<code>`).
  await expect(
    page.getByRole('tablist', { name: 'Top menus' }).getByRole('tab', { name: 'Production' }),
  ).toBeVisible();
  // The footer: the management system (home) and personal info.
  await page.getByRole('list', { name: 'Systems' }).getByRole('link', { name: 'Personal info' }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
});

test('the home view’s full-screen buttons: fill the window, hide the frame, the compact view with the user menu', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/index');
  const toolbar = page.getByRole('toolbar', { name: '首页视图' });
  const banner = page.getByRole('banner');
  const nav = page.getByRole('navigation', { name: '主菜单' });

  // 1: the main view covers the window, over the chrome.
  await toolbar.getByRole('button', { name: '铺满窗口' }).click();
  await expect(toolbar.getByRole('button', { name: '铺满窗口' })).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => page.getByRole('main').boundingBox())
    .toEqual({ x: 0, y: 0, width: 1366, height: 768 });
  await page.keyboard.press('Escape');
  await expect(toolbar.getByRole('button', { name: '铺满窗口' })).toHaveAttribute('aria-pressed', 'false');
  await expect(banner).toBeVisible();

  // 2: the frame goes; pressing the button again brings it back.
  await toolbar.getByRole('button', { name: '隐藏框架' }).click();
  await expect(banner).toBeHidden();
  await expect(nav).toBeHidden();
  await screenshots(page, 'home-view-hidden-zh');
  await toolbar.getByRole('button', { name: '隐藏框架' }).click();
  await expect(banner).toBeVisible();
  await expect(nav).toBeVisible();

  // 3: the frame goes and the user and language menus stay in reach in the toolbar.
  await toolbar.getByRole('button', { name: '精简视图' }).click();
  await expect(banner).toBeHidden();
  await expect(toolbar.getByRole('button', { name: '语言', exact: true })).toBeVisible();
  await toolbar.locator('.ops-user-menu [aria-haspopup="menu"]').click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: '个人信息' })).toBeVisible();
  await screenshots(page, 'home-view-compact-zh');
  await page.getByRole('menu').getByRole('menuitem', { name: '个人信息' }).click();
  // Another page: the buttons are the home page's only, and the frame is back.
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(toolbar).toHaveCount(0);
  await expect(banner).toBeVisible();
});

test('theme settings (admin roles): a theme previews at once, saves and stays after a reload; unsaved changes ask', async ({
  page,
}) => {
  await signIn(page, WHO);
  await page.goto('/index');
  const topBarColour = () =>
    // Read off the top bar itself: an open Shoelace dialog's header is a banner too.
    page.locator('header.ops-topbar').evaluate((element) => getComputedStyle(element).backgroundColor);
  const before = await topBarColour();

  await page.getByRole('button', { name: '主题设置' }).click();
  const drawer = dialogNamed(page, '主题设置');
  await drawer.getByRole('radio', { name: '黑色' }).check();
  // The page shows the choice at once.
  await expect.poll(topBarColour).not.toBe(before);
  const black = await topBarColour();
  // A named theme uses its own colours: the custom ones are off.
  await expect(drawer.getByLabel('顶栏背景')).toBeDisabled();
  // A title longer than 50 characters is not taken; the counter counts characters.
  await drawer.getByRole('textbox', { name: '首页标题' }).fill('华'.repeat(10));
  await expect(drawer.getByText('10/50')).toBeVisible();
  await screenshots(page, 'theme-drawer-zh');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('主题设置已保存')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await expect.poll(topBarColour).toBe(black);
  await expect(page.getByText('华'.repeat(10)).first()).toBeVisible();

  // An unsaved change asks on closing; "don't save" puts the saved look back.
  await page.getByRole('button', { name: '主题设置' }).click();
  await drawer.getByRole('radio', { name: '默认' }).first().check();
  await expect.poll(topBarColour).toBe(before);
  await page.keyboard.press('Escape');
  const ask = dialogNamed(page, '未保存的修改');
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '不保存' }).click();
  await expect(drawer).toHaveCount(0);
  await expect.poll(topBarColour).toBe(black);

  // Reset to the defaults.
  await page.getByRole('button', { name: '主题设置' }).click();
  await drawer.getByRole('button', { name: '恢复默认' }).click();
  await expect.poll(topBarColour).toBe(before);
});

test('an operator (no admin role) sees no administrator controls', async ({ page }) => {
  await signIn(page);
  await page.goto('/index');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: '全屏' })).toBeVisible();
  // Theme settings are for admin roles (DECISIONS 17); the error-log viewer needs warring_log.
  await expect(banner.getByRole('button', { name: '主题设置' })).toHaveCount(0);
  await expect(banner.getByRole('button', { name: /错误日志/ })).toHaveCount(0);
  // The operator's menu carries no administration entries.
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await expect(nav.getByRole('button', { name: '系统管理' })).toHaveCount(0);
});

test('visual mode: the viewer lands in the visual system; its left bar, breadcrumb and the way back', async ({
  page,
}) => {
  await signIn(page, { tenantId: '100002', account: 'viewer', password: 'Viewer@2026' });
  const nav = page.getByRole('navigation', { name: '主菜单' });
  const screen = nav.getByRole('link', { name: '储能总览大屏' });
  await expect(screen).toBeVisible();
  await screen.click();
  await expect(page).toHaveURL(/\/station-monitor\/visual\/index$/);
  await expect(screen).toHaveAttribute('aria-current', 'page');
  const crumbs = page.getByRole('navigation', { name: '当前位置' });
  await expect(crumbs.getByRole('listitem').last()).toHaveText('储能总览大屏');
  // No page tags in the visual system, and its own theme.
  await expect(page.getByRole('tablist', { name: '已打开页面' })).toHaveCount(0);
  await expect(page.locator('html')).toHaveClass(/theme-hzvisual/);
  // The left bar is 142 px wide; the arrow folds it away.
  expect((await nav.boundingBox())?.width).toBe(142);
  await screenshots(page, 'visual-viewer-zh');
  // In English the system's default (Chinese) names give way to the English ones.
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.reload();
  const navEn = page.getByRole('navigation', { name: 'Main menu' });
  await expect(navEn.getByRole('link', { name: 'Storage overview screen' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The seed's tenant named its systems (可视化系统): the name shows as named in every language.
  await expect(
    page.getByRole('navigation', { name: 'You are here' }).getByRole('listitem').last(),
  ).toHaveText('Storage overview screen');
  await screenshots(page, 'visual-viewer-en');
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
  await page.reload();
  await page.getByRole('button', { name: '收起菜单' }).click();
  await expect(nav).toHaveCount(0);
  await page.getByRole('button', { name: '展开菜单' }).click();

  // Back to the management system: the page reloads at home with the manage chrome.
  await page.getByRole('button', { name: '运维管理系统' }).click();
  await expect(page.getByRole('tablist', { name: '已打开页面' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/theme-hzvisual/);
});

test('an administrator with a visual menu switches to the visual system from the top bar', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.storageAdmin);
  await page.goto('/index');
  await page.getByRole('banner').getByRole('button', { name: '可视化系统' }).click();
  await expect(page).toHaveURL(/\/station-monitor\/visual\/index$/);
  await expect(
    page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '储能总览大屏' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('html')).toHaveClass(/theme-hzvisual/);
  // The choice holds through a reload, and is this tab's.
  await page.reload();
  await expect(page.getByRole('navigation', { name: '当前位置' })).toBeVisible();
  await page.getByRole('button', { name: '运维管理系统' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: '可视化系统' })).toBeVisible();
});
