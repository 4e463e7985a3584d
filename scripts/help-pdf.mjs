// Prints the help document (docs/help/console-help.html, the source) to public/help/console-help.pdf, the
// file the profile dialog's 帮助文档 downloads (docs/decisions.md). Run after editing the source:
// `node scripts/help-pdf.mjs` (needs Chromium, as the tests do, and a CJK font: see TOOLCHAIN.md).
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium.mjs';

const source = resolve('docs/help/console-help.html');
const target = resolve('public/help/console-help.pdf');
mkdirSync(dirname(target), { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(source).href);
  await page.evaluate(() => document.fonts.ready);
  await page.pdf({ path: target, format: 'A4', printBackground: true, preferCSSPageSize: true });
  console.log(`help document: ${target}`);
} finally {
  await browser.close();
}
