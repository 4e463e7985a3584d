import { expect, type Locator, type Page } from '@playwright/test';
// biome-ignore lint/style/noRestrictedImports: one list of demo questions, the server's (a module without imports); @ops/server's index would load the whole server here.
import { DEMO_APIURL_QUESTION, DEMO_QUESTIONS } from '../../packages/server/src/routes/assistant-demo';
import { ACCOUNTS, signIn } from './support';

// Helpers of the assistant action specs (assistant-actions*.spec.ts): the dialog as 100001/admin, asking a
// question and waiting for the block it brings, the chart's drawn line and the video's playback.

type Func = (typeof DEMO_QUESTIONS)[number]['func'];
const questionsIn = (lang: 'zh' | 'en') =>
  Object.fromEntries(DEMO_QUESTIONS.map((q) => [q.func, q[lang]])) as Record<Func, string>;
/** The demo question of each of the 22 functions (docs/api.md), in Chinese and in English. */
export const ZH = questionsIn('zh');
export const EN = questionsIn('en');
export { DEMO_APIURL_QUESTION };

/** The texts the helpers look for, per console language. */
export const LANG = {
  zh: { assistant: 'AI 助手', question: '输入问题', send: '发送' },
  en: { assistant: 'AI assistant', question: 'Your question', send: 'Send' },
} as const;
export type Lang = keyof typeof LANG;

/** Signs 100001/admin in (in `lang`) and opens the assistant's dialog. */
export async function openAssistant(page: Page, lang: Lang = 'zh'): Promise<Locator> {
  await signIn(page, ACCOUNTS.admin);
  if (lang === 'en') {
    await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
    await page.reload();
  }
  await page.getByRole('button', { name: LANG[lang].assistant }).click();
  const dialog = page.getByRole('dialog', { name: LANG[lang].assistant });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
}

/** The action block (a region) named `name`, the newest of that name. */
export const blockOf = (dialog: Locator, name: string) =>
  dialog.getByRole('region', { name, exact: true }).last();

/**
 * Waits until `dialog` shows one more block named `name` than `before`, and the answer has ended (the
 * send button is back): the block of the newest answer.
 */
export async function newBlock(dialog: Locator, name: string, before: number, lang: Lang = 'zh') {
  const blocks = dialog.getByRole('region', { name, exact: true });
  // An answer streams, and its blocks are attached 1 s after their extras arrive: generous on a busy machine.
  await expect(blocks).toHaveCount(before + 1, { timeout: 30_000 });
  await expect(dialog.getByRole('button', { name: LANG[lang].send, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  return blocks.nth(before);
}

/** Runs `act` (a question asked, a choice clicked) and resolves to the new block named `name` it brings. */
export async function blockAfter(
  dialog: Locator,
  name: string,
  act: () => Promise<void>,
  lang: Lang = 'zh',
): Promise<Locator> {
  const before = await dialog.getByRole('region', { name, exact: true }).count();
  await act();
  return newBlock(dialog, name, before, lang);
}

/** Asks `text` once the previous answer has ended. */
export async function ask(dialog: Locator, text: string, lang: Lang = 'zh'): Promise<void> {
  await expect(dialog.getByRole('button', { name: LANG[lang].send, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const question = dialog.getByRole('textbox', { name: LANG[lang].question });
  await question.fill(text);
  await question.press('Enter');
}

/** Asks `text` and resolves to the block named `name` of its answer. */
export const askFor = (dialog: Locator, text: string, name: string, lang: Lang = 'zh') =>
  blockAfter(dialog, name, () => ask(dialog, text, lang), lang);

/** The LineChart of a block has drawn its line: the figure's plot and a series path of some length. */
export async function expectChartLine(block: Locator, title: string, noData: string): Promise<void> {
  const figure = block.getByRole('figure', { name: title });
  await expect(figure.getByRole('img', { name: title })).toBeVisible({ timeout: 20_000 });
  await expect(figure.getByText(noData, { exact: true })).toHaveCount(0);
  const line = figure.locator('path.apexcharts-line').first();
  await expect(line).toBeAttached({ timeout: 20_000 });
  await expect
    .poll(() => line.evaluate((path) => (path as SVGPathElement).getTotalLength()), { timeout: 20_000 })
    .toBeGreaterThan(100);
}

/** The `<video>` loads its data (readyState ≥ 2) and plays: its time advances after play(). */
export async function expectVideoPlays(video: Locator): Promise<void> {
  await expect(video).toBeVisible({ timeout: 20_000 });
  await video.evaluate((el) => {
    const v = el as HTMLVideoElement;
    // Muted: a page may start a muted video without a user gesture.
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => video.evaluate((el) => (el as HTMLVideoElement).readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(2);
  await expect
    .poll(() => video.evaluate((el) => (el as HTMLVideoElement).currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
}

/** A path of the page, for requests the test observes. */
export const pathOfUrl = (url: string) => new URL(url).pathname;
