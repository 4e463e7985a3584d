import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { type Account, openMenu, signIn, storedToken } from './support';

/**
 * Walks every menu item an account is given, as the account's user would: each item is opened from the
 * main menu (the submenus on the way, then its link) and the main view must show a real page: a heading,
 * no "page not found", "not installed" or failed-load panel, no crash. Issue 27: every seeded menu item
 * of every demo account opens a real page.
 */

interface RawItem {
  name?: string;
  path?: string;
  isOpen?: boolean;
  iframe?: boolean;
  category?: number;
  group?: string;
  children?: RawItem[];
}

/** A leaf of the menu: the names from the top of the menu down to it. */
export interface Leaf {
  chain: string[];
  path: string;
  iframe: boolean;
}

/** What the main view must never show on a menu item's page. */
const BROKEN =
  /页面不存在|未安装|加载失败|出错了|应用加载失败|Page not found|not installed|Failed to load|went wrong/i;

/** The menu leaves the server gives the signed-in page's account (external links left out: a new window). */
export async function leavesOf(page: Page, group: 'manage' | 'visual' = 'manage'): Promise<Leaf[]> {
  const token = await storedToken(page);
  const answer = await page.request.get('/api/blade-system/menu/routes', {
    headers: { 'Blade-Auth': `bearer ${token}` },
    params: { group },
  });
  expect(answer.status()).toBe(200);
  const tree = ((await answer.json()) as { data: RawItem[] }).data;
  const leaves: Leaf[] = [];
  const walk = (items: RawItem[], chain: string[]) => {
    for (const item of items) {
      const here = [...chain, item.name ?? ''];
      const children = (item.children ?? []).filter((c) => c.category !== 2);
      if (children.length > 0) walk(children, here);
      else if (item.path && !item.isOpen)
        leaves.push({ chain: here, path: item.path, iframe: !!item.iframe });
    }
  };
  walk(tree, []);
  return leaves;
}

/**
 * Counts the page's requests in flight (fetches, scripts, stylesheets) so a check can wait until the page
 * has loaded what it asked for, however slow the machine.
 */
export function trackRequests(page: Page) {
  const open = new Set<object>();
  page.on('request', (r) => {
    if (r.resourceType() !== 'eventsource' && r.resourceType() !== 'websocket') open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return {
    /** Resolves once nothing has been in flight for 150 ms. */
    async settled() {
      let quietSince = 0;
      await expect
        .poll(
          () => {
            if (open.size > 0) quietSince = 0;
            else if (quietSince === 0) quietSince = Date.now();
            return quietSince > 0 && Date.now() - quietSince >= 150;
          },
          { timeout: 20_000, intervals: [50] },
        )
        .toBe(true);
    },
  };
}

/** Opens each leaf from the main menu and checks the main view shows its page. */
export async function walkMenu(page: Page, leaves: Leaf[], group: 'manage' | 'visual' = 'manage') {
  const requests = trackRequests(page);
  const main = page.locator('#ops-main-view');
  const visited: string[] = [];
  for (const leaf of leaves) {
    // The visual system's left bar lists the leaves themselves, without their containers.
    await openMenu(page, ...(group === 'visual' ? leaf.chain.slice(-1) : leaf.chain));
    const where = `${leaf.chain.join(' › ')} (${leaf.path})`;
    await requests.settled();
    if (leaf.iframe) {
      await expect(main.locator('iframe'), where).toHaveAttribute('title', leaf.chain.at(-1) ?? '');
    } else {
      await expect(main.getByRole('heading').first(), where).toBeVisible();
    }
    await expect(main, where).not.toContainText(BROKEN);
    await expect(main.getByRole('alert'), where).toHaveCount(0);
    visited.push(where);
  }
  return visited;
}

/** Signs the account in and walks its menu (of the system it lands in); returns what it visited. */
export async function walkAccount(
  page: Page,
  who: Account,
  group: 'manage' | 'visual' = 'manage',
  afterSignIn?: () => Promise<void>,
): Promise<string[]> {
  await signIn(page, who);
  await afterSignIn?.();
  const leaves = await leavesOf(page, group);
  expect(leaves.length).toBeGreaterThan(0);
  return walkMenu(page, leaves, group);
}
