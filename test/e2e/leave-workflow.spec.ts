import { expect, test } from './fixtures';
import { ACCOUNTS, OPERATOR, openMenu, signIn } from './support';

// The leave workflow end to end (issue: leave-workflow sub-app): a request made from the menu reaches the
// approver's to-do list, is approved there, and its history shows on the detail page, for both of them.
// Screenshots go to test-results/screens/ (not committed) for a person to look at.

test('a leave request goes from the apply form to the approver and back with its history', async ({
  page,
  browser,
}) => {
  const reason = `探亲 ${Date.now()}`;

  // The operator applies from 流程审批 › 请假申请.
  await signIn(page, OPERATOR);
  await page.goto('/index');
  await openMenu(page, '流程审批', '请假申请');
  await expect(page).toHaveURL(/\/leave-workflow\/apply\/index$/);
  const main = page.locator('#ops-main-view');
  await expect(main.getByRole('heading', { level: 1, name: '请假申请' })).toBeVisible();
  const form = main.getByRole('form', { name: '请假申请表' });
  await form.getByRole('combobox', { name: '请假类型' }).selectOption({ label: '年假' });
  await form.getByRole('textbox', { name: '开始时间' }).fill('2027-03-01 09:00');
  await form.getByRole('textbox', { name: '结束时间' }).fill('2027-03-02 18:00');
  await form.getByRole('combobox', { name: '审批人' }).selectOption({ label: '张伟（admin）' });
  await form.getByRole('textbox', { name: '请假事由' }).fill(reason);
  await page.screenshot({ path: 'test-results/screens/leave-apply.png' });
  await form.getByRole('button', { name: '提交申请' }).click();

  await expect(page).toHaveURL(/\/work\/process\/leave\/detail\/[0-9a-f-]+\/\d+$/);
  await expect(main.getByRole('heading', { level: 1, name: '请假详情' })).toBeVisible();
  await expect(main.getByText('等待 张伟 审批')).toBeVisible();
  // The page has no menu item: the sub-app names its tag (the page title API).
  await expect(
    page.getByRole('tablist', { name: '已打开页面' }).getByRole('tab', { name: '请假详情', exact: true }),
  ).toHaveAttribute('aria-selected', 'true');
  const detailUrl = new URL(page.url()).pathname;

  // The approver finds it in 我的待办 and approves it with a comment.
  const approver = await browser.newPage();
  await signIn(approver, ACCOUNTS.admin);
  await approver.goto('/index');
  await openMenu(approver, '流程审批', '我的待办');
  await expect(approver).toHaveURL(/\/leave-workflow\/todo\/index$/);
  const todo = approver.locator('#ops-main-view').getByRole('table', { name: '待办任务' });
  const row = todo.getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText('李娜');
  await row.getByRole('button', { name: /^办理 李娜 年假/ }).click();
  await expect(approver).toHaveURL(/\/work\/process\/leave\/handle\/\d+\/[0-9a-f-]+\/\d+$/);
  const handle = approver.locator('#ops-main-view');
  await expect(handle.getByRole('heading', { level: 1, name: '请假审批' })).toBeVisible();
  await expect(handle.getByText(reason)).toBeVisible();
  await handle.getByRole('textbox', { name: '审批意见' }).fill('同意，注意安全');
  await approver.screenshot({ path: 'test-results/screens/leave-handle.png', fullPage: true });
  await handle.getByRole('button', { name: '同意', exact: true }).click();

  await expect(approver).toHaveURL(new RegExp(`${detailUrl}$`));
  const history = approver.locator('#ops-main-view').getByRole('table', { name: '审批记录' });
  await expect(history.getByRole('row')).toHaveText([
    /办理人\s*操作\s*时间\s*意见/,
    /李娜\s*发起申请/,
    /张伟\s*同意.*同意，注意安全/,
  ]);
  await approver.screenshot({ path: 'test-results/screens/leave-detail.png', fullPage: true });
  await approver.close();

  // Back with the applicant: the detail shows the decision, and 已办事项 lists the request as approved.
  await page.goto(detailUrl);
  const mine = page.locator('#ops-main-view');
  await expect(mine.getByRole('table', { name: '审批记录' }).getByRole('row').last()).toContainText(
    '同意，注意安全',
  );
  await page.goto('/leave-workflow/done/index');
  const sent = mine.getByRole('table', { name: '我的申请' });
  await expect(sent.getByRole('row').filter({ hasText: reason })).toContainText('已同意');
  await page.screenshot({ path: 'test-results/screens/leave-done.png', fullPage: true });
});
