import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { ACCOUNTS, screenshots, signIn, userMenu } from '../support';

// Screenshots of the sign-in pages in both languages at the two common desktop sizes, written to
// test-results/screens/ (not committed) for a person to look at.

/** Closed dialogs leave the page once their hide animation (inside the shadow root) has finished. */
const shoot = (page: Page, name: string) =>
  screenshots(page, name, { restore: false, settle: () => expect(page.locator('sl-dialog')).toHaveCount(0) });

const TEXTS = {
  zh: { lockButton: '锁屏', lockField: '锁屏密码', lock: '锁 屏', logout: '退出登录', ok: '确定' },
  en: { lockButton: 'Lock', lockField: 'Lock password', lock: 'Lock', logout: 'Log out', ok: 'OK' },
} as const;

for (const lang of ['zh', 'en'] as const) {
  test(`screens of login, edit-password, lock and 404 (${lang})`, async ({ page }) => {
    const text = TEXTS[lang];
    await signIn(page, ACCOUNTS.hzinfo);
    await expect(page).toHaveURL(/\/index$/);
    await page.evaluate((code) => localStorage.setItem('saber-language', code), lang);

    await page.goto('/editPassword?tenantId=100001');
    await expect(page.locator('.ops-login__captcha-image img')).toBeVisible();
    await shoot(page, `edit-password-${lang}`);

    await page.goto('/index');
    await userMenu(page, text.lockButton);
    await page.getByRole('textbox', { name: text.lockField, exact: true }).fill('Lock#1234');
    await page.getByRole('button', { name: text.lock, exact: true }).click();
    await expect(page).toHaveURL(/\/lock$/);
    await shoot(page, `lock-${lang}`);

    await page.getByRole('button', { name: text.logout }).click();
    await page.getByRole('button', { name: text.ok, exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('.ops-login__captcha-image img')).toBeVisible();
    await shoot(page, `login-${lang}`);

    await page.goto('/404');
    await shoot(page, `404-${lang}`);

    await page.goto('/station-monitor');
    await expect(page).toHaveURL(/\/authorization/);
    await shoot(page, `authorization-${lang}`);
  });
}
