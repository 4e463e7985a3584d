// The benches' reference server: started on a fresh database with the captcha codes written to a file
// (TEST_CODES_FILE, refused in production), so a bench signs in through the real login page.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';

/**
 * Starts the server on `port` over a fresh `dataDir`; `codes` (optional) is where it writes the codes it
 * issues; `env` adds settings (DATABASE_URL, MAX_SOCKETS …).
 */
export function startReferenceServer({ port, dataDir, codes, env = {} }) {
  rmSync(dataDir, { recursive: true, force: true });
  if (codes) rmSync(codes, { force: true });
  return spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(codes ? { TEST_CODES_FILE: codes } : {}),
      LOGIN_CONFLICT: 'off',
      ...env,
    },
    stdio: 'ignore',
  });
}

/** Resolves once the server at `base` answers, or throws after 60 s (a loaded machine starts it slowly). */
export async function waitForServer(base) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/site-config.json`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** The newest captcha the server issued (`{ kind, text, ... }`). */
export const lastCaptcha = (codes) =>
  readFileSync(codes, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.kind === 'captcha')
    .at(-1);

/**
 * Signs in through the real login page as a demo account (the operator of 100001 by default) and waits
 * for the chrome's home page.
 */
export async function signInThroughLoginPage(
  page,
  { base, codes, tenantId = '100001', account = 'operator', password = 'Operator@2026' },
) {
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill(tenantId);
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(account);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(password);
  await page
    .getByRole('img', { name: /验证码/ })
    .or(page.getByRole('button', { name: /验证码图片/ }))
    .first()
    .waitFor();
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(lastCaptcha(codes).text);
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL(/\/index$/);
}

/**
 * One bench against the built console: the reference server on a fresh database (`name` names its files),
 * headless Chromium with a page at the console's usual size (1366 x 768), `before(page)` (init scripts),
 * a sign-in through the real login page (`signIn`: the account, the operator by default; `browserArgs`: more
 * Chromium switches), then
 * `measure(page, { base, codes })`, whose answer is printed as JSON (on one line when `compact`). Everything is closed however it ends.
 */
export async function runBench({
  name,
  port,
  signIn = {},
  before,
  measure,
  compact = false,
  browserArgs = [],
}) {
  const dataDir = `test-results/bench-${name}-data`;
  const codes = `test-results/bench-${name}-codes.jsonl`;
  const base = `http://127.0.0.1:${port}`;
  const server = startReferenceServer({ port, dataDir, codes });
  let browser;
  try {
    await waitForServer(base);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...browserArgs],
    });
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await before?.(page);
    await signInThroughLoginPage(page, { base, codes, ...signIn });
    const result = await measure(page, { base, codes });
    console.log(compact ? JSON.stringify(result) : JSON.stringify(result, null, 2));
  } finally {
    await browser?.close();
    server.kill();
  }
}

/**
 * A demo account's token answer (access_token, dataAuthKey, user_id …) through the token endpoint, the
 * password sent as the login page sends it.
 */
export async function apiSignIn(base, { tenantId = '100001', account, password }) {
  const md5 = createHash('md5').update(password).digest('hex');
  const pad = () => randomBytes(3).toString('hex');
  const form = new URLSearchParams({
    tenantId,
    username: account,
    password: `${pad()}${md5}${pad()}`,
    grant_type: 'password',
    scope: 'all',
  });
  const answer = await fetch(`${base}/api/blade-system/oauth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'Tenant-Id': tenantId,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: form,
  });
  if (!answer.ok) throw new Error(`sign-in ${account}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/** The headers of a signed-in JSON call of tenant 100001, as the console sends them. */
export const signedInHeaders = (tokens) => ({
  'Blade-Auth': `bearer ${tokens.access_token}`,
  'Data-Auth': tokens.dataAuthKey,
  'Tenant-Id': '100001',
  'Content-Type': 'application/json',
});

/** Publishes a message (alarm by default) to `accounts` as the signed-in `tokens`; answers the response. */
export function publishMessage(base, tokens, { accounts, subject, businessClassify = 'alarm' }) {
  return fetch(`${base}/api/blade-system/message/record/publish`, {
    method: 'POST',
    headers: signedInHeaders(tokens),
    body: JSON.stringify({ accounts, businessClassify, subject, content: subject }),
  });
}
