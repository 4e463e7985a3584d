import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEPLOY_KEY } from './ports.mjs';
import { ACCOUNTS, signIn } from './support';

// A parcel team deploys one bundle (issue 16): `npm run publish` builds the notices parcel from a checkout
// with one visible text changed, uploads it and pins it for tenant 100002 through the deploy API with the
// deploy key. The open 100002 page offers the reload and then shows the change; 100001 keeps the build's
// notices; a rollback brings 100002 back. The checkout is a copy of packages/notices under test-results/
// (everything else a bundle imports is external), removed afterwards: the repository is never modified.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NOTICES = '@ops/notices';
const run = promisify(execFile);

/** The bell's accessible name in the build (通知，N 条未读 / 通知，没有未读) and in the changed copy. */
const BELL = /^通知，/;
const NEW_BELL = /^通知（新版），/;

/** A checkout of the notices parcel whose bell says 通知（新版）; its folder. */
function changedCheckout(worker: number): string {
  const checkout = path.join(ROOT, `test-results/deploy-e2e-${worker}`);
  rmSync(checkout, { recursive: true, force: true });
  mkdirSync(path.join(checkout, 'packages'), { recursive: true });
  cpSync(path.join(ROOT, 'packages/notices'), path.join(checkout, 'packages/notices'), { recursive: true });
  const texts = path.join(checkout, 'packages/notices/src/texts.ts');
  const source = readFileSync(texts, 'utf8');
  const changed = source
    .replace("bell: '通知，{{count}} 条未读'", "bell: '通知（新版），{{count}} 条未读'")
    .replace("bellNone: '通知，没有未读'", "bellNone: '通知（新版），没有未读'");
  expect(changed.match(/通知（新版）/g)).toHaveLength(2);
  writeFileSync(texts, changed);
  return checkout;
}

/** The notices entry of the map a tenant's pages load. */
async function servedNotices(request: APIRequestContext, tenantId: string): Promise<string> {
  const answer = await request.get(`/importmap.json?tenantId=${tenantId}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { imports: Record<string, string> }).imports[NOTICES]!;
}

const bell = (page: Page, name: RegExp) => page.getByRole('button', { name });
const prompt = (page: Page) => page.getByRole('status').filter({ hasText: '有新版本可用' });

test('publish a changed notices bundle for 100002 only: its open page offers the reload and shows the change, 100001 is unchanged, a rollback restores it', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const builtUrl = (
    JSON.parse(readFileSync(path.join(ROOT, 'dist/importmap.json'), 'utf8')) as {
      imports: Record<string, string>;
    }
  ).imports[NOTICES]!;
  const storage = await (await browser.newContext()).newPage();
  const hydro = await (await browser.newContext()).newPage();
  const checkout = changedCheckout(testInfo.parallelIndex);
  const assets: string[] = [];
  for (const page of [storage, hydro]) {
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/notices/'))
        assets.push(`${page === storage}:${r.url()}`);
    });
  }
  let previous: string | undefined;
  let rolledBack = false;
  const rollback = async (reason: string) => {
    const answer = await request.post('/api/deploy/importmap/100002/rollback', {
      headers: { authorization: `Bearer ${DEPLOY_KEY}` },
      data: { version: previous, reason },
    });
    expect(answer.status(), await answer.text()).toBe(200);
    rolledBack = true;
  };
  try {
    await signIn(storage, ACCOUNTS.storageAdmin);
    await storage.goto('/index');
    await signIn(hydro, ACCOUNTS.admin);
    await hydro.goto('/index');
    for (const page of [storage, hydro]) {
      await expect(page.locator('.ops-notices__dot--open')).toHaveCount(1);
      await expect(bell(page, BELL)).toBeVisible();
    }

    // The team's CI: npm run publish in its checkout.
    const published = await run(
      process.execPath,
      [
        path.join(ROOT, 'scripts/publish.mjs'),
        NOTICES,
        '--server',
        baseURL!,
        '--key',
        DEPLOY_KEY,
        '--tenant',
        '100002',
        '--reason',
        'e2e: the bell says 新版',
      ],
      { cwd: checkout, encoding: 'utf8' },
    );
    const out = published.stdout;
    expect(out).toMatch(/^Built @ops\/notices into dist\/notices\/ in [\d.]+ s:\n/);
    expect(out).toContain('Published @ops/notices for tenant 100002:');
    const url = /URL: +(\/assets\/notices\/[0-9a-f]{12}\/notices\.[\w-]+\.js)\n/.exec(out)?.[1];
    const versions = /Version: +([0-9a-f]{16}) \(was ([0-9a-f]{16})\)/.exec(out);
    expect(url, out).toBeTruthy();
    expect(versions, out).toBeTruthy();
    previous = versions![2];
    // A changed bundle: another file than the build's, under an immutable upload path.
    expect(path.posix.basename(url!)).not.toBe(path.posix.basename(builtUrl));
    expect(await servedNotices(request, '100002')).toBe(url);
    expect(await servedNotices(request, '100001')).toBe(builtUrl);

    // The open 100002 page offers the reload; nothing reloads by itself, and 100001 is offered nothing.
    await expect(prompt(storage)).toBeVisible();
    await expect(bell(storage, BELL)).toBeVisible();
    await expect(hydro.getByText('有新版本可用')).toHaveCount(0);
    await prompt(storage).getByRole('button', { name: '重新加载' }).click();
    await expect(bell(storage, NEW_BELL)).toBeVisible();
    await expect(storage.locator('.ops-notices__dot--open')).toHaveCount(1);
    expect(assets).toContain(`true:${new URL(url!, baseURL).href}`);

    // 100001 after a reload: the build's notices, no uploaded file fetched.
    await hydro.reload();
    await expect(bell(hydro, BELL)).toBeVisible();
    expect(assets.filter((a) => a.startsWith('false:'))).toEqual([]);

    // Rolled back: the 100002 page is offered the reload again and then shows the build's text.
    await rollback('e2e: back to the build');
    expect(await servedNotices(request, '100002')).toBe(builtUrl);
    await expect(prompt(storage)).toBeVisible();
    await prompt(storage).getByRole('button', { name: '重新加载' }).click();
    await expect(bell(storage, BELL)).toBeVisible();
    await expect(bell(storage, NEW_BELL)).toHaveCount(0);
  } finally {
    if (previous && !rolledBack) await rollback('e2e: clean up');
    rmSync(checkout, { recursive: true, force: true });
    await storage.context().close();
    await hydro.context().close();
  }
});

test('publish refuses a wrong key and an unknown bundle with the reason, and changes nothing', async ({
  baseURL,
  request,
}, testInfo) => {
  const before = await servedNotices(request, '100002');
  const checkout = changedCheckout(testInfo.parallelIndex);
  /** Runs publish in the checkout; it must fail: its exit code and stderr. */
  const refused = (args: string[]) =>
    run(process.execPath, [path.join(ROOT, 'scripts/publish.mjs'), ...args], {
      cwd: checkout,
      encoding: 'utf8',
    }).then(
      ({ stdout }) => {
        throw new Error(`publish succeeded: ${stdout}`);
      },
      (error: { code: number; stderr: string }) => error,
    );
  try {
    const unknown = await refused(['@ops/nope', '--server', baseURL!, '--key', DEPLOY_KEY, '--reason', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(
      /^publish: build: unknown bundle "@ops\/nope"\. Known bundles: .*@ops\/notices/,
    );
    const wrongKey = await refused([
      NOTICES,
      '--server',
      baseURL!,
      '--key',
      'not-the-deploy-key-0000',
      '--tenant',
      '100002',
      '--reason',
      'x',
    ]);
    expect(wrongKey.code).not.toBe(0);
    expect(wrongKey.stderr).toBe(
      'publish: upload: refused (wrong deploy key, or key auth is off on this server): wrong deploy key\n',
    );
    expect(await servedNotices(request, '100002')).toBe(before);
  } finally {
    rmSync(checkout, { recursive: true, force: true });
  }
});
