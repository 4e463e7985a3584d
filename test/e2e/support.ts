import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

const CODES_FILE = fileURLToPath(new URL('../../test-results/e2e-codes.jsonl', import.meta.url));

interface IssuedCode {
  kind: 'captcha' | 'phone';
  key?: string;
  text?: string;
  id?: string;
  phone?: string;
  code?: string;
}

/** Every captcha and phone code the server issued so far (the server appends them in test runs). */
export function issuedCodes(): IssuedCode[] {
  if (!existsSync(CODES_FILE)) return [];
  return readFileSync(CODES_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as IssuedCode);
}

/** The text of the newest captcha, once more than `before` captchas have been issued. */
export async function newestCaptcha(before: number): Promise<string> {
  let text = '';
  await expect
    .poll(() => {
      const captchas = issuedCodes().filter((c) => c.kind === 'captcha');
      text = captchas.length > before ? (captchas.at(-1)?.text ?? '') : '';
      return text;
    })
    .not.toBe('');
  return text;
}

export const captchaCount = () => issuedCodes().filter((c) => c.kind === 'captcha').length;

export interface Account {
  tenantId: string;
  account: string;
  password: string;
}

export const OPERATOR: Account = { tenantId: '100001', account: 'operator', password: 'Operator@2026' };

/**
 * Signs in through the real login page (password tab with the captcha), forcing the login when the
 * account is still signed in from an earlier test. Leaves the page wherever the login flow goes.
 */
export async function signIn(page: Page, who: Account = OPERATOR, path = '/login'): Promise<void> {
  const before = captchaCount();
  await page.goto(path);
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill(who.tenantId);
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(who.account);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(who.password);
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(await newestCaptcha(before));
  await page.getByRole('button', { name: '登 录' }).click();
  const force = page.getByRole('button', { name: '强制登录' });
  await expect
    .poll(async () => {
      if (await force.isVisible()) await force.click();
      return new URL(page.url()).pathname;
    })
    .not.toBe('/login');
}
