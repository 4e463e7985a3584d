import { expect, test } from './fixtures';
import { ACCOUNTS, openMenu, pathOf, screenshots, signIn } from './support';

// The mock menu entries of spec §2 as real pages on the reference server's data: /market/cart (spare-parts
// requisition, docs/api.md section 17) and /test/index (the environment). Screenshots go to
// test-results/screens/ (not committed) for a person to look at.

test('operator: 备件申领 from the menu — add two parts, change a quantity, over stock refused, submit, see it listed', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.operator);
  await openMenu(page, '备件申领');
  // The mock entry opens exactly at its path: no app prefix, no /index.
  await expect.poll(() => pathOf(page)).toBe('/market/cart');
  const main = page.locator('#ops-main-view');
  await expect(main.getByRole('heading', { level: 1, name: '备件申领' })).toBeVisible();

  const catalogue = main.getByRole('table', { name: '备件目录' });
  const cart = main.getByRole('list', { name: '申领清单' });
  await expect(main.getByText('申领清单为空：从备件目录加入备件。')).toBeVisible();
  await screenshots(page, 'mock-cart-empty');

  await catalogue.getByRole('button', { name: '加入 深沟球轴承' }).click();
  await expect(cart.getByRole('spinbutton', { name: '深沟球轴承 的申领数量' })).toHaveValue('1');
  await catalogue.getByRole('button', { name: '加入 导轴承瓦' }).click();
  await expect(cart.getByRole('spinbutton', { name: '导轴承瓦 的申领数量' })).toHaveValue('1');

  const bearings = cart.getByRole('spinbutton', { name: '深沟球轴承 的申领数量' });
  await bearings.fill('3');
  await bearings.press('Enter');
  await expect(main.getByText('共 2 种，4 件')).toBeVisible();

  // 导轴承瓦: 2 in stock. Five are refused with the reason, and nothing is sent.
  const pads = cart.getByRole('spinbutton', { name: '导轴承瓦 的申领数量' });
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/market/')) sent.push(r.url());
  });
  await pads.fill('5');
  await pads.press('Enter');
  await expect(cart.getByRole('alert')).toHaveText('超过库存：库存 2 块');
  await expect(pads).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await screenshots(page, 'mock-cart-refused');

  // The server kept the cart as it was: a reload shows the same quantities.
  await page.reload();
  await expect(cart.getByRole('spinbutton', { name: '导轴承瓦 的申领数量' })).toHaveValue('1');
  await expect(cart.getByRole('spinbutton', { name: '深沟球轴承 的申领数量' })).toHaveValue('3');

  // Submitting without a reason is refused on the page; with one it asks, then submits.
  const submit = main.getByRole('button', { name: '提交申领' });
  await submit.click();
  await expect(main.getByText('请填写申领事由')).toBeVisible();
  await main.getByRole('textbox', { name: '申领事由' }).fill('2号机组小修更换轴承');
  await submit.click();
  // The confirm dialog is mounted on the body, outside the main view.
  await expect(page.getByText('提交 2 种共 4 件备件的申领？')).toBeVisible();
  await screenshots(page, 'mock-cart-confirm');
  await page.getByRole('button', { name: '确定', exact: true }).click();
  await expect(page.getByText(/^申领单 RQ\d{8}-\d{4} 已提交$/)).toBeVisible();
  await expect(main.getByText('申领清单为空：从备件目录加入备件。')).toBeVisible();

  const mine = main.getByRole('list', { name: '我的申领' });
  const newest = mine.getByRole('listitem').first();
  await expect(newest).toContainText('2号机组小修更换轴承');
  await expect(newest).toContainText('深沟球轴承 ×3、导轴承瓦 ×1');
  await expect(newest).toContainText('已提交');
  await expect(newest).toContainText(/RQ\d{8}-\d{4}/);
  // The operator's two seeded requisitions follow.
  await expect(mine.getByRole('listitem')).toHaveCount(3);
  await screenshots(page, 'mock-cart-submitted');
});

test('admin: 运行环境 from the menu lists the import map, filters it and copies it as JSON', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, ACCOUNTS.admin);
  await openMenu(page, '系统管理', '运行环境');
  await expect.poll(() => pathOf(page)).toBe('/test/index');
  const main = page.locator('#ops-main-view');
  await expect(main.getByRole('heading', { level: 1, name: '运行环境' })).toBeVisible();

  const session = main.getByRole('region', { name: '会话与浏览器' });
  await expect(session).toContainText('100001 · Hydro Demo');
  await expect(session).toContainText('admin · 张伟');

  const entries = main.getByRole('table', { name: '导入映射条目' });
  // Sorted by module, ten to a page: the first page starts with the sub-apps.
  await expect(entries.getByRole('cell', { name: '@ops/app-leave-workflow', exact: true })).toBeVisible();
  await expect(main.getByRole('navigation', { name: '导入映射条目 分页' })).toBeVisible();
  await screenshots(page, 'mock-environment');

  await main.getByRole('textbox', { name: '筛选' }).fill('shell');
  await expect(entries.getByRole('row')).toHaveCount(2);
  const shell = entries.getByRole('row').nth(1);
  await expect(shell).toContainText('@ops/shell');
  await expect(shell).toContainText(/\/shell\/shell\.[\w-]+\.js/);
  await expect(shell).toContainText('有');

  await main.getByRole('button', { name: '复制为 JSON' }).click();
  await expect(page.getByText('已复制到剪贴板')).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied.tenantId).toBe('100001');
  expect(copied.account).toBe('admin');
  expect(copied.importMap.filter).toBe('shell');
  expect(copied.importMap.entries.map((e: { specifier: string }) => e.specifier)).toEqual(['@ops/shell']);
  await screenshots(page, 'mock-environment-filtered');
});

test('the operator has 备件申领 but no 运行环境 entry', async ({ page }) => {
  await signIn(page, ACCOUNTS.operator);
  const nav = page.getByRole('navigation', { name: '主菜单' });
  await expect(nav.getByRole('link', { name: '备件申领', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: '运行环境', exact: true })).toHaveCount(0);
});

test('the storage tenant has both pages in its menu, on its own catalogue', async ({ page }) => {
  await signIn(page, ACCOUNTS.storageAdmin);
  await openMenu(page, '备件申领');
  await expect.poll(() => pathOf(page)).toBe('/market/cart');
  const catalogue = page.locator('#ops-main-view').getByRole('table', { name: '备件目录' });
  await expect(catalogue.getByRole('button', { name: '加入 直流熔断器' })).toBeVisible();
  await openMenu(page, '系统管理', '运行环境');
  await expect.poll(() => pathOf(page)).toBe('/test/index');
  await expect(page.locator('#ops-main-view').getByRole('region', { name: '会话与浏览器' })).toContainText(
    '100002 · Storage Demo',
  );
});
