import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { BASE_PORT, dataDir } from './ports.mjs';
import { ACCOUNTS, signIn, userMenu } from './support';

// Issue 28 items 3, 8, 9 against the reference server: the data calls of a signed-in page carry the
// session's Data-Auth key and, after a site switch, the station's Tenant-Id and Dept-Id (zh, then en after
// a reload); the user menu's mobile-app entry opens the server's newest APK; the default avatar is served;
// free text outside the site form loses spec §5's characters as it is typed.

const DATA_CALL = /\/api\/(hzinfo-data-config\/deviceInstance\/device\/|blade-system\/message\/record\/get)/;
const APK = '/api/blade-system/app_version/getNewestApkUrlByPackageName?packageName=com.ops.console';

const stored = (page: Page, key: string) =>
  page.evaluate((name) => {
    const text = localStorage.getItem(name);
    return text ? (JSON.parse(text) as { content?: unknown }).content : null;
  }, key);

/** The next data call that goes out joined to a station. */
const stationDataCall = (page: Page) =>
  page.waitForRequest((r) => DATA_CALL.test(r.url()) && !!r.headers()['dept-id'], { timeout: 15_000 });

async function expectSigned(request: Request, dataAuthKey: string) {
  const headers = request.headers();
  expect(headers['data-auth']).toBe(dataAuthKey);
  expect(headers['tenant-id']).toBe('100001');
  expect(headers['dept-id']).toMatch(/^\d+$/);
  expect(headers['blade-auth']).toMatch(/^bearer \S+$/);
  expect((await request.response())?.status()).toBe(200);
}

/** The user menu's mobile-app entry downloads the published package in place. */
async function mobileAppDownloads(page: Page, name: string, url: string) {
  const download = page.waitForEvent('download');
  await userMenu(page, name);
  const file = await download;
  expect(file.url()).toContain(url);
  expect(file.suggestedFilename()).toBe(url.split('/').at(-1));
}

test('data calls carry Data-Auth and the station headers after a site switch; mobile app; avatar (zh, en)', async ({
  page,
}) => {
  // Operations staff published the package the demo site config names (the server's downloads folder).
  const downloads = join(dataDir(BASE_PORT + test.info().parallelIndex), 'downloads');
  mkdirSync(downloads, { recursive: true });
  writeFileSync(join(downloads, 'ops-console-1.2.3.apk'), 'PK a package');
  await signIn(page, ACCOUNTS.admin);
  const dataAuthKey = String(await stored(page, 'saber-dataAuthKey'));
  expect(dataAuthKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The tenant the user came with: none (plain /login); loginUser keeps the account and tenant only.
  expect((await stored(page, 'saber-sourceTenantId')) ?? '').toBe('');
  expect(await page.evaluate(() => localStorage.getItem('loginUser'))).not.toContain(dataAuthKey);
  expect(await stored(page, 'loginUser')).toEqual({ account: 'admin', tenantId: '100001' });

  await userMenu(page, '切换站点');
  const table = page.getByRole('table', { name: '站点列表' });
  await table
    .getByRole('button', { name: /^进入 .*水电站$/ })
    .first()
    .waitFor();
  const joined = stationDataCall(page);
  await table
    .getByRole('button', { name: /^进入 / })
    .first()
    .click();
  await expectSigned(await joined, dataAuthKey);

  const apk = (await (await page.request.get(APK)).json()) as { data: { url: string } };
  expect(apk.data.url).toMatch(/\.apk$/);
  await mobileAppDownloads(page, '移动端下载', apk.data.url);

  // English, after a reload: the station is kept, and so are the headers of its data calls.
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  const again = stationDataCall(page);
  await page.reload();
  await expectSigned(await again, dataAuthKey);
  await mobileAppDownloads(page, 'Mobile app', apk.data.url);

  // A user without an avatar shows the default one, which the server serves.
  await page.goto('/info/index');
  await page.locator('#ops-main-view').getByRole('button', { name: 'Profile' }).click();
  const dialog = page.locator('sl-dialog').filter({ has: page.locator('.ops-profile') });
  const avatar = dialog.getByRole('img', { name: 'Avatar' });
  await expect(avatar).toHaveAttribute('src', '/img/bg/img-logo.png');
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
});

test('free text outside the site form loses < > and the other disallowed characters as typed (zh, en)', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/info/index');
  const main = page.locator('#ops-main-view');
  const nickname = main.getByRole('textbox', { name: '昵称', exact: true });
  await nickname.fill('');
  await nickname.pressSequentially('<b>值班</b>*');
  await expect(nickname).toHaveValue('b值班/b');

  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.reload();
  const english = main.getByRole('textbox', { name: 'Nickname', exact: true });
  await english.fill('');
  await english.pressSequentially('`duty`{1}');
  await expect(english).toHaveValue('duty1');
});
