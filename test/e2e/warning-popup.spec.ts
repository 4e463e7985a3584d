import { expect, test } from './fixtures';
import { ACCOUNTS, openMenu, screenshots, signIn } from './support';

// The post-login warning popup (spec §6 warring_log, docs/decisions.md): the tenant administrator sees,
// once per session after signing in, the alarms of the last 24 hours and the error-log entries this
// browser has not sent; it is not modal, is dismissed, and hands over to the error-log viewer.

const SEEN = (flag: string, who: { tenantId: string; account: string }) =>
  `saber-ops-notices:${flag}:${who.tenantId}:${who.account}`;

test('warning popup after sign-in: recent alarms, then unsent error-log entries (zh, en)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const who = ACCOUNTS.admin;
  // The alarm dialog (its own spec) counts as finished; the warning popup does not.
  await page.addInitScript(
    (key) => {
      sessionStorage.setItem(
        key,
        JSON.stringify({ dataType: 'boolean', content: true, datetime: Date.now() }),
      );
    },
    SEEN('alarm-finished', who),
  );
  await signIn(page, who, '/login', { noticeDialogs: true });

  const zh = page.getByRole('dialog', { name: '警告提醒' });
  await expect(zh.getByRole('list', { name: /^最近 24 小时的告警（\d+ 条）$/ })).toBeVisible();
  await expect(zh.getByRole('heading', { name: '没有未发送的错误日志' })).toBeVisible();
  // Not modal: the page under it still answers.
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await screenshots(page, 'warning-popup-zh');
  await zh.getByRole('button', { name: '知道了' }).click();
  await expect(zh).toHaveCount(0);
  // Once per session: a reload does not bring it back.
  await page.reload();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: /^错误日志/ })).toBeVisible();
  await expect(zh).toHaveCount(0);

  // An error this browser logs (a sub-app whose bundle is missing).
  await page.route('**/apps/station-monitor/**', (route) => route.fulfill({ status: 404 }));
  await openMenu(page, '运行监视', '电站总览');
  await expect(banner.getByRole('button', { name: /^错误日志 \(\d+\)$/ })).toBeVisible();
  await page.unrouteAll();

  // A new session's flags (as after signing out and in), in English.
  await page.evaluate(
    (key) => {
      localStorage.setItem('saber-language', 'en');
      sessionStorage.removeItem(key);
    },
    SEEN('warning-shown', who),
  );
  await page.goto('/');
  const en = page.getByRole('dialog', { name: 'Warnings' });
  const unsent = en.getByRole('list', { name: /^Unsent error-log entries \(\d+\)$/ });
  await expect(unsent).toContainText('ChunkLoadError');
  await expect(en.getByRole('list', { name: /^Alarms in the last 24 hours \(\d+\)$/ })).toBeVisible();
  await screenshots(page, 'warning-popup-en');
  await en.getByRole('button', { name: 'Open error log' }).click();
  await expect(page.getByRole('dialog', { name: 'Error log', exact: true })).toBeVisible();
  await expect(en).toHaveCount(0);
});
