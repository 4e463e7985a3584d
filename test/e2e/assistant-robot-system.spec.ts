import type { Page } from '@playwright/test';
import { EN, ZH } from './assistant-actions-support';
import { expect, test } from './fixtures';
import { ACCOUNTS, signIn } from './support';

// The AI robot follows the tab's system (spec §6, DECISIONS 4): 100001/admin (gglmOpenRelation '1', with
// a visual menu) sees it in the manage system, not after switching to the visual system by hand, and
// again once back. A dislike is the rating itself (spec §3, §4): the click sends praise 0 and shows the
// dislike pressed; the feedback form then adds the comment, and closing it keeps the dislike. zh and en.

const PRAISE = '/api/hzgglm-model-business/question/praise';
const TEXTS = {
  zh: {
    robot: 'AI 助手',
    question: '输入问题',
    dislike: '没帮助',
    form: '反馈',
    cancel: '取消',
    close: '关闭',
  },
  en: {
    robot: 'AI assistant',
    question: 'Your question',
    dislike: 'Not helpful',
    form: 'Feedback',
    cancel: 'Cancel',
    close: 'Close',
  },
} as const;

/** The praise values the page sent. */
function recordPraise(page: Page): number[] {
  const sent: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(PRAISE))
      sent.push((request.postDataJSON() as { praise: number }).praise);
  });
  return sent;
}

/** To the visual system and back by the chrome's buttons; the robot leaves and comes back. */
async function robotFollowsSystem(page: Page, robotName: string) {
  const robot = page.getByRole('button', { name: robotName, exact: true });
  await expect(robot).toBeVisible();
  // The seed's tenant named its systems: the names show as named in every language.
  await page.getByRole('banner').getByRole('button', { name: '可视化系统' }).click();
  await expect(page).toHaveURL(/\/station-monitor\/visual\/index$/);
  await expect(page.locator('html')).toHaveClass(/theme-hzvisual/);
  await expect(robot).toHaveCount(0);
  await page.getByRole('button', { name: '运维管理系统' }).click();
  await expect(page.locator('html')).not.toHaveClass(/theme-hzvisual/);
  await expect(robot).toBeVisible();
}

/** Asks a question, dislikes the answer, closes the feedback form unsent (the dislike stays), closes the chat. */
async function dislikeStays(page: Page, lang: 'zh' | 'en', question: string, praise: number[]) {
  const t = TEXTS[lang];
  await page.getByRole('button', { name: t.robot, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t.robot });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const box = dialog.getByRole('textbox', { name: t.question });
  await box.fill(question);
  await box.press('Enter');
  const dislike = dialog.getByRole('button', { name: t.dislike, exact: true }).last();
  await expect(dislike).toBeVisible({ timeout: 30_000 });
  const before = praise.length;
  await dislike.click();
  const form = dialog.getByRole('dialog', { name: t.form });
  await expect(form).toBeVisible();
  await expect(dislike).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => praise.slice(before)).toEqual([0]);
  await form.getByRole('button', { name: t.cancel }).click();
  await expect(form).toHaveCount(0);
  await expect(dislike).toHaveAttribute('aria-pressed', 'true');
  expect(praise.length - before, 'closing the form sends nothing more').toBe(1);
  await dialog.getByRole('button', { name: t.close, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('100001/admin: the robot leaves with the visual system and returns with manage; a dislike is the rating (zh, en)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const praise = recordPraise(page);
  await signIn(page, ACCOUNTS.admin);
  await robotFollowsSystem(page, TEXTS.zh.robot);
  await dislikeStays(page, 'zh', ZH.stations_num, praise);

  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.reload();
  await dislikeStays(page, 'en', EN.stations_num, praise);
  await robotFollowsSystem(page, TEXTS.en.robot);
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});
