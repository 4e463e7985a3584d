import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, openMenu, signIn } from './support';

// The route query flags of spec §2 (docs/decisions.md): `iframeFlag` on a menu item opens it inside the
// iframe route; `isIframeApp` shows a page of the console alone when another page of the site frames it
// (the 智能助手 item carries it), and changes nothing at the top.

/** A page of the same origin that frames the console at `path` (the server allows only its own origin). */
async function frameHost(page: Page, path: string) {
  await page.route('**/embed-host.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><title>portal</title><body style="margin:0"><iframe title="console" src="${path}" style="border:0;width:100vw;height:100vh"></iframe></body>`,
    }),
  );
  await page.goto('/embed-host.html');
  return page.frameLocator('iframe[title="console"]');
}

test('iframeFlag opens a menu item in the iframe route; isIframeApp framed shows the app alone (zh, en)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The menu as a server could send it: 设备控制 carrying the flag in its route query.
  await page.route('**/api/blade-system/menu/routes*', async (route) => {
    const answer = await route.fetch();
    const body = await answer.json();
    const flag = (items: { path?: string; query?: unknown; children?: unknown[] }[]) => {
      for (const item of items) {
        if (item.path === '/inspect/robotTask/index') item.query = { iframeFlag: 'true' };
        if (Array.isArray(item.children)) flag(item.children as typeof items);
      }
    };
    flag(body.data);
    await route.fulfill({ response: answer, json: body });
  });
  await signIn(page, ACCOUNTS.admin);
  await openMenu(page, '设备控制');
  await expect(page).toHaveURL(/\/myiframe\/%2Finspect%2FrobotTask%2Findex\?iframeFlag=true$/);
  // The iframe route's own rule: a route of the console is not embedded in the console, and it says so.
  await expect(page.getByText('这是控制台自身的路由，不能嵌入到控制台中。')).toBeVisible();
  await page.unrouteAll();

  // At the top, the flag changes nothing: the chrome stays around the chat.
  await page.goto('/intelligentSpeech/transmit?isIframeApp=true');
  await expect(page.getByRole('dialog', { name: 'AI 助手' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();

  // Framed by a page of the site: the chat alone, no sidebar, top bar or tags.
  const frame = await frameHost(page, '/intelligentSpeech/transmit?isIframeApp=true');
  await expect(frame.getByRole('dialog', { name: 'AI 助手' })).toBeVisible();
  await expect(frame.getByRole('list', { name: '您可以这样问' })).toBeVisible();
  await expect(frame.getByRole('navigation', { name: '主菜单' })).toHaveCount(0);
  await expect(frame.getByRole('banner')).toHaveCount(0);
  await expect(frame.getByRole('tablist')).toHaveCount(0);

  // In English, another page framed with the flag: the page alone and no robot over it.
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  const home = await frameHost(page, '/index?isIframeApp=1');
  await expect(home.locator('#ops-overview-title')).toHaveText('Operations overview');
  await expect(home.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(home.getByRole('banner')).toHaveCount(0);
  await expect(home.getByRole('button', { name: 'AI assistant' })).toHaveCount(0);
  // Without the flag, the same frame shows the chrome.
  const plain = await frameHost(page, '/index');
  await expect(plain.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});
