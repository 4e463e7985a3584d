import { test } from './fixtures';
import { walkAccount } from './menu-walk-support';
import { ACCOUNTS } from './support';

// Every seeded menu item of every README account opens a real page (issue 27). The accounts are walked
// in two files (this one and menu-walk-more.spec.ts) so that the two Playwright workers share them. An
// account whose role another walked account has gets that account's menu, page for page: hzinfo has the
// hydropower administrator's role and newbie fresh's (packages/server/test/api.test.ts checks both).

for (const [label, who] of [
  ['the platform administrator', ACCOUNTS.platform],
  ['the hydropower administrator', ACCOUNTS.admin],
  ['the workbench account', { tenantId: '100001', account: 'znywpt', password: 'Znywpt@2026' }],
] as const) {
  test(`${label}: every menu item opens its page`, async ({ page }, info) => {
    const visited = await walkAccount(page, who);
    info.annotations.push({ type: 'visited', description: visited.join('\n') });
  });
}
