import { expect, test } from './fixtures';
import { leavesOf, walkAccount, walkMenu } from './menu-walk-support';
import { ACCOUNTS } from './support';

// The other half of the README accounts (see menu-walk.spec.ts).

for (const [label, who] of [
  ['the operator', ACCOUNTS.operator],
  ['the energy-storage administrator', ACCOUNTS.storageAdmin],
] as const) {
  test(`${label}: every menu item opens its page`, async ({ page }, info) => {
    const visited = await walkAccount(page, who);
    info.annotations.push({ type: 'visited', description: visited.join('\n') });
  });
}

test('the big-screen viewer: every item of the visual and of the management menu opens its page', async ({
  page,
}, info) => {
  const visited = await walkAccount(
    page,
    { tenantId: '100002', account: 'viewer', password: 'Viewer@2026' },
    'visual',
  );
  // The viewer lands in the visual system; its management menu is one click away.
  await page.getByRole('button', { name: '运维管理系统' }).click();
  await expect(page.getByRole('tablist', { name: '已打开页面' })).toBeVisible();
  visited.push(...(await walkMenu(page, await leavesOf(page, 'manage'))));
  info.annotations.push({ type: 'visited', description: visited.join('\n') });
});

// newbie must change the password before anything else (test/e2e/auth/session.spec.ts covers that); it has
// fresh's role, so its menu is the one walked here (packages/server/test/api.test.ts checks they are equal).
test('the default-password account: every menu item opens its page', async ({ page }, info) => {
  const visited = await walkAccount(page, ACCOUNTS.fresh, 'manage', async () => {
    // The platform default password is reminded once after sign-in (spec §2): later.
    await expect(page.getByRole('dialog', { name: '安全提醒' })).toBeVisible();
    await page.getByRole('button', { name: '稍后' }).click();
    await expect(page.getByRole('dialog', { name: '安全提醒' })).toBeHidden();
  });
  info.annotations.push({ type: 'visited', description: visited.join('\n') });
});
