import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, apiSignIn, openMenu, screenshots, signIn, storedToken } from './support';

// The Versions page and the reload prompt (issue 16), against the reference server's deploy API
// (docs/api.md section 22). A pin here points @ops/notices of one tenant at an uploaded copy of the
// built notices bundle: the same bytes under another URL, so the tenant's pages keep working while
// the pin is in place. Every test leaves its tenant without pins.

const NOTICES = '@ops/notices';

/** The built notices bundle: its import-map URL and bytes. */
function builtNotices(): { url: string; name: string; bytes: Buffer } {
  const map = JSON.parse(readFileSync('dist/importmap.json', 'utf8')) as { imports: Record<string, string> };
  const url = map.imports[NOTICES]!;
  return { url, name: url.split('/').at(-1)!, bytes: readFileSync(`dist${url}`) };
}

/** The deploy API with a platform administrator's token. */
function deployApi(request: APIRequestContext, token: string) {
  const headers = { 'Blade-Auth': `bearer ${token}` };
  const dataOf = async (answer: Awaited<ReturnType<APIRequestContext['get']>>) => {
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { data: unknown }).data;
  };
  return {
    /** Uploads the built notices bundle again; its URL under /assets/. */
    async uploadNotices(): Promise<string> {
      const built = builtNotices();
      const data = (await dataOf(
        await request.post('/api/deploy/assets', {
          headers,
          multipart: {
            bundle: NOTICES,
            files: { name: built.name, mimeType: 'text/javascript', buffer: built.bytes },
          },
        }),
      )) as { files: { url: string }[] };
      return data.files[0]!.url;
    },
    async version(scope: string): Promise<string> {
      return (
        (await dataOf(await request.get(`/api/deploy/importmap?scope=${scope}`, { headers }))) as {
          version: string;
        }
      ).version;
    },
    async layer(scope: string): Promise<Record<string, string>> {
      return (
        (await dataOf(await request.get(`/api/deploy/importmap?scope=${scope}`, { headers }))) as {
          layer: { imports: Record<string, string> };
        }
      ).layer.imports;
    },
    async pin(scope: string, url: string, reason: string) {
      const version = await this.version(scope);
      await dataOf(
        await request.put(`/api/deploy/importmap/${scope}/imports/${encodeURIComponent(NOTICES)}`, {
          headers: { ...headers, 'If-Match': `"${version}"` },
          data: { url, reason },
        }),
      );
    },
    /** Removes the tenant's notices pin if it has one. */
    async unpinIfPinned(scope: string) {
      if (!(await this.layer(scope))[NOTICES]) return;
      const version = await this.version(scope);
      await dataOf(
        await request.delete(`/api/deploy/importmap/${scope}/imports/${encodeURIComponent(NOTICES)}`, {
          headers: { ...headers, 'If-Match': `"${version}"` },
          data: { reason: 'e2e: clean up' },
        }),
      );
    },
  };
}

// Shoelace's dialog role is in its shadow root and the content is slotted: find the content by the element.
/** The open dialog whose title starts with `title`. */
const dialog = (page: Page, title: string) => page.locator(`sl-dialog[open][label^="${title}"]`);
/** The open confirmation. */
const confirmation = (page: Page) => page.locator('.ops-confirm-host sl-dialog[open]');

/** The Versions page's main view, once its heading shows. */
async function versionsPage(page: Page) {
  const main = page.locator('#ops-main-view');
  await expect(main.getByRole('heading', { level: 1, name: /^(版本管理|Versions)$/ })).toBeVisible();
  return main;
}

test('000000/admin lists the scopes, pins @ops/notices for 100002 after confirming, sees it in the history, unpins and rolls back', async ({
  page,
  request,
}) => {
  await signIn(page, ACCOUNTS.platform);
  await page.goto('/index');
  await openMenu(page, '平台管理', '版本管理');
  await expect(page).toHaveURL(/\/versions\/index$/);
  const main = await versionsPage(page);
  const api = deployApi(request, await storedToken(page));
  const asset = await api.uploadNotices();
  const reason = `试用新的通知包 ${Date.now()}`;
  try {
    const scopes = main.getByRole('table', { name: '导入映射的范围' });
    for (const scope of ['基础（所有租户）', '100001', '100002']) await expect(scopes).toContainText(scope);
    await scopes.getByRole('button', { name: '查看 100002' }).click();
    const entries = main.getByRole('table', { name: /^100002 .* 的导入映射条目$/ });
    await expect(entries.getByRole('row').filter({ hasText: NOTICES })).toBeVisible();

    // Pin: the form, then a confirmation.
    await entries.getByRole('button', { name: `固定版本 ${NOTICES}` }).click();
    const form = dialog(page, '固定版本：100002');
    await form.getByRole('textbox', { name: /^地址/ }).fill(asset);
    await form.getByRole('textbox', { name: /^原因/ }).fill(reason);
    await screenshots(page, 'versions-pin-dialog-zh');
    await form.getByRole('button', { name: '下一步' }).click();
    const confirm = confirmation(page);
    await expect(confirm).toContainText(asset);
    await expect(page.getByRole('dialog', { name: '确认变更' })).toBeVisible();
    await confirm.getByRole('button', { name: '确定' }).click();
    await expect(form).toHaveCount(0);

    const row = entries.getByRole('row').filter({ hasText: NOTICES });
    await expect(row).toContainText(asset);
    await expect(row).toContainText('与基础不同');
    await expect(row).toContainText(`基础：${builtNotices().url}`);
    const history = main.getByRole('table', { name: /^100002 .* 的变更历史$/ });
    const pinRow = history.getByRole('row').filter({ hasText: reason });
    await expect(pinRow).toContainText('000000/admin');
    await expect(pinRow.locator('ins')).toHaveText(asset);
    expect(await api.layer('100002')).toEqual({ [NOTICES]: asset });
    await screenshots(page, 'versions-zh');

    // Unpin.
    await row.getByRole('button', { name: `取消固定 ${NOTICES}` }).click();
    const unpin = dialog(page, `取消固定：${NOTICES}`);
    await unpin.getByRole('textbox', { name: /^原因/ }).fill('恢复基础版本');
    await unpin.getByRole('button', { name: '下一步' }).click();
    await confirmation(page).getByRole('button', { name: '确定' }).click();
    await expect(history.getByRole('row').filter({ hasText: '恢复基础版本' })).toContainText('取消固定');
    await expect(entries.getByRole('row').filter({ hasText: NOTICES })).not.toContainText('与基础不同');
    expect(await api.layer('100002')).toEqual({});

    // Roll back to the pinned version: the pin is back.
    await pinRow.getByRole('button', { name: /^回滚到此版本 / }).click();
    const rollback = dialog(page, '回滚 100002');
    await rollback.getByRole('textbox', { name: /^原因/ }).fill('回到试用版本');
    await rollback.getByRole('button', { name: '下一步' }).click();
    await confirmation(page).getByRole('button', { name: '确定' }).click();
    await expect(history.getByRole('row').filter({ hasText: '回到试用版本' })).toContainText('回滚到');
    await expect(entries.getByRole('row').filter({ hasText: NOTICES })).toContainText('与基础不同');
    expect(await api.layer('100002')).toEqual({ [NOTICES]: asset });
    await screenshots(page, 'versions-history-zh', { settle: () => history.scrollIntoViewIfNeeded() });

    // The same page in English.
    await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
    await page.reload();
    const en = await versionsPage(page);
    await en
      .getByRole('table', { name: 'Import-map scopes' })
      .getByRole('button', { name: 'Open 100002' })
      .click();
    await expect(en.getByRole('table', { name: /^Change history of 100002/ })).toContainText(
      'Rolled back to',
    );
    await expect(en.getByRole('table', { name: /^Import-map entries of 100002/ })).toContainText(
      'Differs from base',
    );
    await screenshots(page, 'versions-en');
  } finally {
    await api.unpinIfPinned('100002');
  }
});

test('100001/admin has no Versions entry, and /versions/index is refused without fetching the page', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/apps/versions/')) fetched.push(r.url());
  });
  await signIn(page, ACCOUNTS.admin);
  await page.goto('/index');
  const nav = page.getByRole('navigation', { name: /主菜单|Main menu/ });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: '版本管理' })).toHaveCount(0);
  await page.goto('/versions/index');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.locator('#ops-main-view').getByRole('heading', { name: '版本管理' })).toHaveCount(0);
  expect(fetched).toEqual([]);
});

test('a pin for 100002 offers the reload on its open page, not on 100001’s; nothing reloads by itself', async ({
  browser,
  request,
}) => {
  const storage = await (await browser.newContext()).newPage();
  const hydro = await (await browser.newContext()).newPage();
  await signIn(storage, ACCOUNTS.storageAdmin);
  await storage.goto('/index');
  await signIn(hydro, ACCOUNTS.admin);
  await hydro.goto('/index');
  // Both notification sockets are open (the frame goes to open sockets).
  for (const page of [storage, hydro]) await expect(page.locator('.ops-notices__dot--open')).toHaveCount(1);
  // Set on this document only: still there means the page was not reloaded.
  await storage.evaluate(() => {
    (window as unknown as { opsE2eMark: number }).opsE2eMark = 1;
  });
  const marked = () =>
    storage.evaluate(() => (window as unknown as { opsE2eMark?: number }).opsE2eMark === 1);

  const api = deployApi(request, (await apiSignIn(request, ACCOUNTS.platform)).access_token);
  const asset = await api.uploadNotices();
  try {
    await api.pin('100002', asset, 'e2e: reload prompt');
    const prompt = storage.getByRole('status').filter({ hasText: '有新版本可用' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: '重新加载' })).toBeVisible();
    await screenshots(storage, 'reload-prompt-zh');
    // 100001's page hears nothing.
    await hydro.waitForTimeout(1000);
    await expect(hydro.getByText('有新版本可用')).toHaveCount(0);
    // Nothing reloaded by itself.
    expect(await marked()).toBe(true);
    await storage.waitForTimeout(500);
    expect(await marked()).toBe(true);

    // Reload: the page now runs the pinned map, and its own version is the announced one.
    await prompt.getByRole('button', { name: '重新加载' }).click();
    await expect(storage.locator('#ops-main-view')).toBeVisible();
    expect(await marked()).toBe(false);
    await expect(storage.locator('.ops-notices__dot--open')).toHaveCount(1);
    await expect(storage.getByText('有新版本可用')).toHaveCount(0);

    // Unpinned: the prompt comes again; dismissed, it goes and the page stays.
    await api.unpinIfPinned('100002');
    const again = storage.getByRole('status').filter({ hasText: '有新版本可用' });
    await expect(again).toBeVisible();
    await again.getByRole('button', { name: '关闭' }).click();
    await expect(again).toHaveCount(0);
    await expect(hydro.getByText('有新版本可用')).toHaveCount(0);
  } finally {
    await api.unpinIfPinned('100002');
    await storage.context().close();
    await hydro.context().close();
  }
});

test('outside production, import-map-overrides applies an override with a banner, and its button clears it', async ({
  page,
}) => {
  const built = builtNotices().url;
  // The same bundle under another address: the page keeps working, through the override.
  const overridden = `${built}?override=e2e`;
  await signIn(page, ACCOUNTS.admin);
  await page.evaluate((url) => localStorage.setItem('import-map-override:@ops/notices', url), overridden);
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/notices/')) loaded.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  await page.goto('/index');
  const banner = page.getByRole('status').filter({ hasText: '导入映射覆盖已生效（仅开发环境）' });
  await expect(banner).toContainText(`@ops/notices → ${overridden}`);
  await expect(page.locator('.ops-notices__dot--open')).toHaveCount(1);
  expect(loaded).toContain(overridden);
  await screenshots(page, 'overrides-banner-zh');

  await banner.getByRole('button', { name: '清除覆盖并重新加载' }).click();
  await expect(page.locator('.ops-notices__dot--open')).toHaveCount(1);
  await expect(page.getByText('导入映射覆盖已生效')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('import-map-override:@ops/notices'))).toBeNull();
  // Without overrides the tool still comes (once the console has started), for a developer to add one.
  await expect
    .poll(() => page.evaluate(() => typeof (window as { importMapOverrides?: unknown }).importMapOverrides))
    .toBe('object');
});

test('Versions: the server’s refusal shows in the dialog; a change made meanwhile reloads the scope with a clear message', async ({
  page,
  request,
}) => {
  await signIn(page, ACCOUNTS.platform);
  await page.goto('/versions/index');
  const main = await versionsPage(page);
  const api = deployApi(request, await storedToken(page));
  const asset = await api.uploadNotices();
  try {
    await main
      .getByRole('table', { name: '导入映射的范围' })
      .getByRole('button', { name: '查看 100001' })
      .click();
    const entries = main.getByRole('table', { name: /^100001 .* 的导入映射条目$/ });
    await entries.getByRole('button', { name: `固定版本 ${NOTICES}` }).click();
    const form = dialog(page, '固定版本：100001');
    // A page, not a script: the server refuses it and says why, in the dialog.
    await form.getByRole('textbox', { name: /^地址/ }).fill('/index.html');
    await form.getByRole('textbox', { name: /^原因/ }).fill('试一个页面');
    await form.getByRole('button', { name: '下一步' }).click();
    await confirmation(page).getByRole('button', { name: '确定' }).click();
    await expect(form.getByRole('alert')).toContainText('/index.html');
    expect(await api.layer('100001')).toEqual({});

    // Someone else pins meanwhile: the page's version is stale.
    await api.pin('100001', asset, 'e2e: another administrator');
    await form.getByRole('textbox', { name: /^地址/ }).fill(asset);
    await form.getByRole('button', { name: '下一步' }).click();
    await confirmation(page).getByRole('button', { name: '确定' }).click();
    await expect(page.getByText('导入映射在此期间已被修改，已重新加载，请核对后再试。')).toBeVisible();
    await expect(form).toHaveCount(0);
    // Reloaded: the other administrator's pin shows.
    await expect(main.getByRole('table', { name: /^100001 .* 的变更历史$/ })).toContainText(
      'e2e: another administrator',
    );
    await expect(entries.getByRole('row').filter({ hasText: NOTICES })).toContainText(asset);
  } finally {
    await api.unpinIfPinned('100001');
  }
});

test('a tab shown again re-checks /importmap.json: a change missed by the socket still offers the reload', async ({
  page,
  request,
}) => {
  // The notification socket never reaches the server: no importmap frame can arrive.
  await page.routeWebSocket(/\/api\/blade-system\/websocket\//, () => undefined);
  await signIn(page, ACCOUNTS.storageAdmin);
  await page.goto('/index');
  await expect(page.locator('#ops-main-view')).toBeVisible();
  const checks: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/importmap.json') checks.push(r.headers()['if-none-match'] ?? '');
  });
  const shown = () => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  // Nothing changed: the re-check answers 304 and nothing is offered.
  // (Shown again until the chrome, which listens, is there.)
  await expect
    .poll(async () => {
      await shown();
      return checks.length;
    })
    .toBeGreaterThan(0);
  const pageVersion = await page.locator('meta[name="ops-importmap-version"]').getAttribute('content');
  expect(checks[0]).toBe(`"${pageVersion}"`);
  await expect(page.getByText('有新版本可用')).toHaveCount(0);

  const api = deployApi(request, (await apiSignIn(request, ACCOUNTS.platform)).access_token);
  const asset = await api.uploadNotices();
  try {
    await api.pin('100002', asset, 'e2e: missed frame');
    await page.waitForTimeout(500);
    await expect(page.getByText('有新版本可用')).toHaveCount(0);
    const before = checks.length;
    await shown();
    await expect.poll(() => checks.length).toBe(before + 1);
    await expect(page.getByRole('status').filter({ hasText: '有新版本可用' })).toBeVisible();
  } finally {
    await api.unpinIfPinned('100002');
  }
});
