import { test } from '@playwright/test';

test.use({ deviceScaleFactor: 3 });
test('probe captcha', async ({ page }) => {
  await page.goto('/login');
  const img = page.locator('.ops-login__captcha-image img');
  await img.waitFor();
  const src = await img.getAttribute('src');
  await page.locator('.ops-login__captcha-image').screenshot({ path: 'test-results/probe-captcha-box.png' });
  const svg = Buffer.from(src!.split(',')[1]!, 'base64').toString();
  console.log(svg.slice(0, 200));
  await page.setContent(
    `<div style="padding:20px;background:#fff"><div style="border:1px solid red;display:inline-block;overflow:visible"><img src="${src}"></div></div>`,
  );
  await page.screenshot({
    path: 'test-results/probe-captcha-raw.png',
    clip: { x: 0, y: 0, width: 170, height: 90 },
  });
});
