// Benchmark of budgets P0 (cold load of /login until the login form is painted) and P3 (login submit
// until the chrome with its menu is interactive), in headless Chromium against the reference server on
// a fresh database. Prints JSON; `npm run bench`. Numbers are medians over RUNS cold page loads (a new
// browser context each time: empty cache, no service worker).
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';

const RUNS = Number(process.env.RUNS ?? 9);
const PORT = Number(process.env.BENCH_PORT ?? 4180);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = 'test-results/bench-data';
const codes = 'test-results/bench-codes.jsonl';

rmSync(dataDir, { recursive: true, force: true });
rmSync(codes, { force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    TEST_CODES_FILE: codes,
    LOGIN_CONFLICT: 'off',
  },
  stdio: 'ignore',
});

async function waitForServer() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/site-config.json`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const lastCaptcha = () =>
  readFileSync(codes, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.kind === 'captcha')
    .at(-1);

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const loadMs = [];
  const loginMs = [];
  const transferred = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    let scriptBytes = 0;
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      if (sizes) scriptBytes += sizes.responseBodySize;
    });
    const started = Date.now();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: '登 录' }).waitFor({ state: 'visible' });
    // One more frame so the form has been painted, not only laid out.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    loadMs.push(Date.now() - started);
    transferred.push(scriptBytes);

    await page.getByRole('textbox', { name: '租户ID', exact: true }).fill('100001');
    await page.getByRole('textbox', { name: '账号', exact: true }).fill('operator');
    await page.getByRole('textbox', { name: '密码', exact: true }).fill('Operator@2026');
    await page
      .getByRole('img', { name: /验证码/ })
      .or(page.getByRole('button', { name: /验证码图片/ }))
      .first()
      .waitFor();
    await page.getByRole('textbox', { name: '验证码', exact: true }).fill(lastCaptcha().text);
    const submitted = Date.now();
    await page.getByRole('button', { name: '登 录' }).click();
    await page.getByRole('navigation', { name: '主菜单' }).waitFor({ state: 'visible' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    loginMs.push(Date.now() - submitted);
    await context.close();
  }
  await browser.close();
  console.log(
    JSON.stringify(
      {
        runs: RUNS,
        P0_loginPaintMs: { median: median(loadMs), budget: 250, samples: loadMs },
        P1_loginScriptBytesOnWire: { median: median(transferred), budgetGzip: 150 * 1024 },
        P3_submitToChromeMs: { median: median(loginMs), budget: 500, samples: loginMs },
      },
      null,
      2,
    ),
  );
} finally {
  server.kill();
}
