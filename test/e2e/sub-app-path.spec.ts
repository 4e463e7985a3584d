import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEPLOY_KEY } from './ports.mjs';
import { ACCOUNTS, apiSignIn, captchaCount, openMenu, signIn, submitLogin, userMenu } from './support';

// A parcel team's whole path (issue 27, docs/sub-apps.md "From scaffold to operators"), with no rebuild of
// the console and no restart of the server: `npm run new:app` in the team's checkout, `npm run
// build:bundle`, `npm run publish --tenant 100001`; 100001's administrator adds a menu item in 系统管理 →
// 菜单管理; 100001's operator signs in again, sees the item and the sub-app mounts in the main view; 100002
// sees nothing of it; rolling the publish back shows "not installed" for the item. The checkout is a
// folder under test-results/ with a code unique to the run, removed afterwards: the repository is never
// modified, and the menu item is removed from the shared end-to-end database.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

interface MenuItem {
  parent: string;
  name: string;
  code: string;
  path: string;
  appCode: string;
  sort: number;
}

/**
 * The administrator's step, in the system sub-app's menu page (its accessible names are the contract of
 * that page): 系统管理 → 菜单管理, 新增, the 新增菜单 dialog, 保存; the new row is then listed.
 */
async function addMenuItem(page: Page, item: MenuItem): Promise<void> {
  await openMenu(page, '系统管理', '菜单管理');
  await expect(page.getByRole('heading', { level: 2, name: '菜单管理' })).toBeVisible();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  // The dialog's role and name are in Shoelace's shadow root; its form is slotted into the host element.
  const dialog = page
    .locator('sl-dialog')
    .filter({ has: page.getByRole('dialog', { name: '新增菜单', exact: true }) });
  const parent = dialog.getByRole('combobox', { name: '上级菜单' });
  // The parent options come from the menu tree, read when the dialog opens.
  await expect(parent.locator('option', { hasText: item.parent })).toHaveCount(1);
  await parent.selectOption({ label: item.parent });
  const field = (label: string) => dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
  await field('菜单名称').fill(item.name);
  await field('菜单编号').fill(item.code);
  await field('路由地址').fill(item.path);
  await field('应用编号').fill(item.appCode);
  await field('排序').fill(String(item.sort));
  await dialog.getByRole('combobox', { name: '菜单类型' }).selectOption({ label: '菜单' });
  await dialog.getByRole('combobox', { name: '是否显示' }).selectOption({ label: '是' });
  await dialog.getByRole('button', { name: '保存', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: item.name, exact: true })).toBeVisible();
}

/** Signs out through the user menu and in again on the same page: no reload, the page keeps its map. */
async function signInAgain(page: Page, who: typeof ACCOUNTS.operator): Promise<void> {
  await userMenu(page, '退出登录');
  const before = captchaCount();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, who, before);
}

/** A menu item's id by its code in a tenant's menu tree, through the administrator's token. */
function findId(tree: unknown, code: string): string | null {
  for (const node of Array.isArray(tree) ? tree : []) {
    const n = node as { id?: string; code?: string; children?: unknown };
    if (n.code === code) return String(n.id);
    const inner = findId(n.children, code);
    if (inner) return inner;
  }
  return null;
}

test('a team scaffolds, builds and publishes a sub-app for 100001; the admin adds its menu item; 100001 operators get it, 100002 nothing; a rollback shows "not installed"', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const unique = `${Date.now().toString(36)}${testInfo.parallelIndex}`;
  const code = `team-app-${unique}`;
  const title = `Team app ${unique}`;
  const item: MenuItem = {
    parent: '运行监视',
    name: `团队应用${unique}`,
    code: `team_app_${unique}`,
    path: `/${code}/index`,
    appCode: code,
    sort: 99,
  };
  const checkout = path.join(ROOT, `test-results/sub-app-path-${unique}`);
  mkdirSync(checkout, { recursive: true });
  const operator = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();
  const storage = await (await browser.newContext()).newPage();
  const rollback = { version: '', done: false };
  const rollBack = async (reason: string) => {
    const answer = await request.post('/api/deploy/importmap/100001/rollback', {
      headers: { authorization: `Bearer ${DEPLOY_KEY}` },
      data: { version: rollback.version, reason },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    rollback.done = true;
  };
  const main = (page: Page) => page.locator('#ops-main-view');
  const heading = (page: Page) => main(page).getByRole('heading', { level: 1, name: title });
  try {
    // The operator is signed in before anything is published: the page's own map knows nothing of it.
    await signIn(operator, ACCOUNTS.operator);

    // The team: scaffold into its checkout, build, publish for 100001 (the console is not rebuilt).
    const node = (script: string, args: string[], env: Record<string, string> = {}) =>
      run(process.execPath, [path.join(ROOT, 'scripts', script), ...args], {
        cwd: checkout,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    const created = await node('new-app.mjs', [code], {
      OPS_APPS_DIR: path.join(checkout, 'packages/apps'),
    });
    expect(created.stdout).toContain(`Created the sub-app ${code} (@ops/app-${code})`);
    const built = await node('build-bundle.mjs', [code]);
    expect(built.stdout).toMatch(
      new RegExp(`^Built @ops/app-${code} into dist/apps/${code}/ in [\\d.]+ s:\\n`),
    );
    expect(built.stdout).toMatch(new RegExp(`Entry URL: +/apps/${code}/${code}\\.[\\w-]+\\.js\\n`));
    const published = await node('publish.mjs', [
      `@ops/app-${code}`,
      '--server',
      baseURL!,
      '--key',
      DEPLOY_KEY,
      '--tenant',
      '100001',
      '--reason',
      `e2e: first release of ${code}`,
    ]);
    const out = published.stdout;
    expect(out).toContain(`Published @ops/app-${code} for tenant 100001:`);
    const url = new RegExp(`URL: +(/assets/apps/${code}/[0-9a-f]{12}/${code}\\.[\\w-]+\\.js)\\n`).exec(
      out,
    )?.[1];
    const versions = /Version: +([0-9a-f]{16}) \(was ([0-9a-f]{16})\)/.exec(out);
    expect(url, out).toBeTruthy();
    expect(versions, out).toBeTruthy();
    rollback.version = versions![2]!;
    expect(out).toContain(`POST /api/deploy/importmap/100001/rollback {"version":"${rollback.version}"`);

    // The administrator of 100001 adds the menu item (app code, path) under 运行监视, for every role.
    await signIn(admin, ACCOUNTS.admin);
    await addMenuItem(admin, item);

    // The operator signs in again on the same page and opens the item: the sub-app mounts.
    await signInAgain(operator, ACCOUNTS.operator);
    await openMenu(operator, '运行监视', item.name);
    await expect(operator).toHaveURL(new RegExp(`${item.path}$`));
    await expect(heading(operator)).toBeVisible();
    await expect(main(operator).locator(`[data-slot="@ops/app-${code}"]`)).toBeVisible();

    // 100002 sees nothing of it: no item, and its path mounts nothing and fetches nothing.
    const fetched: string[] = [];
    storage.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith(`/assets/apps/${code}/`)) fetched.push(r.url());
    });
    await signIn(storage, ACCOUNTS.storageAdmin);
    const nav = storage.getByRole('navigation', { name: '主菜单' });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: item.name })).toHaveCount(0);
    await storage.goto(item.path);
    await expect(storage).not.toHaveURL(new RegExp(`${item.path}$`));
    await expect(heading(storage)).toHaveCount(0);
    expect(fetched).toEqual([]);

    // The team rolls the publish back: the operator's item shows "not installed" after signing in again.
    await rollBack(`e2e: take ${code} back`);
    await signInAgain(operator, ACCOUNTS.operator);
    await openMenu(operator, '运行监视', item.name);
    const panel = main(operator).getByRole('region', { name: code });
    await expect(panel).toContainText('未安装');
    await expect(heading(operator)).toHaveCount(0);
  } finally {
    if (rollback.version && !rollback.done) await rollBack('e2e: clean up');
    rmSync(checkout, { recursive: true, force: true });
    // The other specs of this server run with the seeded menu.
    const token = (await apiSignIn(request, ACCOUNTS.admin)).access_token;
    const headers = { 'Blade-Auth': `bearer ${token}`, 'Tenant-Id': '100001' };
    const tree = await (await request.get('/api/blade-system/menu/tree', { headers })).json();
    const id = findId((tree as { data?: unknown }).data, item.code);
    if (id) {
      const removed = await request.post('/api/blade-system/menu/remove', { headers, data: { ids: id } });
      expect(removed.ok(), await removed.text()).toBe(true);
    }
    for (const page of [operator, admin, storage]) await page.context().close();
  }
});
