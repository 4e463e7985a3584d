import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, openMenu, screenshots, signIn } from './support';

// The error-log viewer (spec §2 Shell parts, §6 warring_log): the tenant administrator (who has the
// warring_log button) provokes an error by opening a sub-app whose bundle is missing, finds the count on
// the top bar's warning icon, opens the viewer, expands a stack, sends the logs to the reference server
// and clears them. Screenshots go to test-results/screens/ (not committed) for a person to look at.

/** A Shoelace dialog by its name: its content is slotted, outside the shadow panel that has the role. */
const dialogNamed = (page: Page, name: string) =>
  page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

const TEXT = {
  zh: {
    button: '错误日志',
    send: '发送日志',
    clear: '清空日志',
    ok: '确定',
    close: '关闭',
    empty: '暂无错误日志',
    stack: /^ChunkLoadError .+ 的堆栈$/,
    sent: (n: number) => `已发送 ${n} 条错误日志`,
    summarySent: (n: number) => `共 ${n} 条，0 条未发送`,
  },
  en: {
    button: 'Error log',
    send: 'Send logs',
    clear: 'Clear logs',
    ok: 'OK',
    close: 'Close',
    empty: 'No errors logged',
    stack: /^Stack of ChunkLoadError at .+$/,
    sent: (n: number) => `${n} error log entries sent`,
    summarySent: (n: number) => `${n} in all, 0 not sent`,
  },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`error-log viewer send and clear after a provoked error (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    const text = TEXT[lang];
    await signIn(page, ACCOUNTS.admin);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: /^错误日志/ })).toBeVisible();

    // The station monitor's bundle is missing: its slot fails and ChunkLoadError entries are logged.
    await page.route('**/apps/station-monitor/**', (route) => route.fulfill({ status: 404 }));
    await openMenu(page, '运行监视', '电站总览');
    await expect(banner.getByRole('button', { name: /^错误日志 \(\d+\)$/ })).toBeVisible();
    await page.unrouteAll();
    // The log is kept through a reload; the language switches with it.
    if (lang === 'en') await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
    await page.goto('/');

    const button = banner.getByRole('button', { name: new RegExp(`^${text.button} \\(\\d+\\)$`) });
    await expect(button).toBeVisible();
    const count = Number((await button.getAttribute('aria-label'))?.match(/\((\d+)\)/)?.[1]);
    expect(count).toBeGreaterThan(0);
    await expect(button.locator('.ops-error-log__badge')).toHaveText(String(count));
    await screenshots(page, `error-log-button-${lang}`);

    await button.click();
    await expect(page.getByRole('dialog', { name: text.button, exact: true })).toBeVisible();
    const dialog = dialogNamed(page, text.button);
    const table = dialog.getByRole('table');
    await expect(table.getByRole('cell', { name: 'ChunkLoadError' }).first()).toBeVisible();
    const toggle = table.getByRole('button', { name: text.stack }).first();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(table.locator('.ops-error-log__expanded:not([hidden]) pre').first()).toContainText(
      'ChunkLoadError',
    );
    await screenshots(page, `error-log-${lang}`);

    // Send: asked first, then every entry goes to the server once.
    await dialog.getByRole('button', { name: text.send }).click();
    await expect(page.getByRole('dialog', { name: text.send, exact: true })).toBeVisible();
    const asked = dialogNamed(page, text.send);
    const uploaded = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/blade-log/error/upload' &&
        response.request().method() === 'POST',
    );
    await asked.getByRole('button', { name: text.ok }).click();
    const response = await uploaded;
    expect(response.status()).toBe(200);
    const sentBody = response.request().postDataJSON() as Record<string, string>[];
    expect(sentBody).toHaveLength(count);
    expect(sentBody.some((entry) => entry.type === 'ChunkLoadError')).toBe(true);
    expect(((await response.json()) as { data: { saved: number } }).data.saved).toBe(count);
    await expect(page.getByText(text.sent(count))).toBeVisible();
    await expect(dialog.getByText(text.summarySent(count))).toBeVisible();
    await expect(dialog.getByRole('button', { name: text.send })).toBeDisabled();

    // Clear: asked first, then the empty state, and the count is gone from the button.
    await dialog.getByRole('button', { name: text.clear }).click();
    const clearAsked = dialogNamed(page, text.clear);
    await clearAsked.getByRole('button', { name: text.ok }).click();
    await expect(dialog.getByText(text.empty)).toBeVisible();
    await expect(dialog.getByRole('table')).toHaveCount(0);
    await screenshots(page, `error-log-empty-${lang}`);
    await dialog.locator('[slot="footer"]').getByRole('button', { name: text.close }).click();
    await expect(page.getByRole('dialog', { name: text.button, exact: true })).toBeHidden();
    await expect(banner.getByRole('button', { name: text.button, exact: true })).toBeVisible();
    await expect(banner.locator('.ops-error-log__badge')).toHaveCount(0);
  });
}

test('the operator, without warring_log, has no error-log icon', async ({ page }) => {
  await signIn(page, ACCOUNTS.operator);
  await expect(page.getByRole('banner').getByRole('button', { name: '全屏' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^错误日志/ })).toHaveCount(0);
});
