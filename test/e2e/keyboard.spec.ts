import { noticeDialogsSeen } from '../support/notice-flags.mjs';
import { gateAnswers } from './answer-gate';
import { expect, test } from './fixtures';
import { ACCOUNTS, apiSignIn, captchaCount, newestCaptcha } from './support';
import { expectVisibleFocus, press, tabTo } from './visible-focus';

// Issue 30: the console without a mouse. The test only presses keys (Tab, Shift+Tab, arrows, Enter,
// Space, Escape, Delete, typed text): no click, fill or focus on an element. Each step asserts what the
// user sees by role and name, and after every key that moves the focus that the focused element is on
// screen with a focus indicator, and the focus never falls to the page's body (visible-focus.ts).

const ADMIN = ACCOUNTS.admin;
const COMPLETIONS = '/api/hzgglm-model-business/v1/chat/completions';

test('keyboard only, the focus visible all the way: sign in, menu search, tags, an alarm, a remote-control command, the assistant', async ({
  page,
}) => {
  // End the account's session left by an earlier spec, so this sign-in meets no conflict question.
  const earlier = await apiSignIn(page.request, ADMIN);
  await page.request.post('/api/blade-system/oauth/logout', {
    headers: { 'Blade-Auth': `bearer ${earlier.access_token}` },
  });
  // The alarm dialog is opened from the bell below, as a user asks for it, not by itself at sign-in.
  await page.addInitScript(noticeDialogsSeen, ADMIN);
  const answers = await gateAnswers(page, COMPLETIONS);
  const before = captchaCount();
  await page.goto('/login');

  // ---- Sign in: Tab through the language switch and the login modes to the fields.
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await tabTo(page, field('租户ID'));
  await press(page, 'Control+A');
  await page.keyboard.type(ADMIN.tenantId);
  await press(page, 'Tab');
  await expect(field('账号')).toBeFocused();
  await page.keyboard.type(ADMIN.account);
  await press(page, 'Tab');
  await expect(field('密码')).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await tabTo(page, field('验证码'));
  await page.keyboard.type(await newestCaptcha(before));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/index$/, { timeout: 15_000 });
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('张伟');
  // A new page after signing in: as after any page load the focus starts at the top of the page (the
  // body), where the next Tab enters it; the only place the focus is not checked.

  // ---- The first stop is the skip link: Enter takes the focus past the menus into the main view.
  await press(page, 'Tab');
  const skip = page.getByRole('link', { name: '跳到主内容' });
  await expect(skip).toBeFocused();
  await press(page, 'Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/index$/);

  // ---- Menu search: Tab to its button in the top bar, type, Enter opens the highlighted option.
  const searchButton = banner.getByRole('button', { name: '搜索菜单', exact: true });
  const search = page.getByRole('dialog', { name: '搜索菜单' });
  const tags = page.getByRole('tablist', { name: '已打开页面' });
  const openFromSearch = async (query: string, name: string, path: RegExp) => {
    await press(page, 'Enter');
    await expect(search.getByRole('combobox', { name: '搜索菜单' })).toBeFocused();
    await page.keyboard.type(query);
    await expect(search.getByRole('option', { name: new RegExp(`^${name}`), selected: true })).toBeVisible();
    await press(page, 'Enter');
    await expect(search).toBeHidden();
    await expect(page).toHaveURL(path);
    await expect(tags.getByRole('tab', { name, selected: true })).toBeVisible();
    // The focus is back on the search button, ready for the next search.
    await expect(searchButton).toBeFocused();
  };
  // Back (Shift+Tab) from the main view into the chrome before it.
  await tabTo(page, searchButton, { back: true, max: 40 });
  await openFromSearch('设备控制', '设备控制', /\/inspect\/robotTask\/index$/);
  await expect(page.getByRole('heading', { name: '设备控制', level: 1 })).toBeVisible();
  await openFromSearch('消息中心', '消息中心', /\/noticeinfo\//);
  await openFromSearch('备件申领', '备件申领', /./);
  await expect(tags.getByRole('tab')).toHaveText(['首页', '设备控制', '消息中心', '备件申领']);

  // ---- Tags: the bar is one tab stop (the active tag); arrows move, Delete closes, Enter opens.
  await tabTo(page, tags.getByRole('tab', { name: '备件申领' }));
  await press(page, 'ArrowLeft');
  await expect(tags.getByRole('tab', { name: '消息中心' })).toBeFocused();
  await expect(tags.getByRole('tab', { name: '消息中心' })).toHaveAttribute('aria-keyshortcuts', 'Delete');
  await press(page, 'Delete');
  await expect(tags.getByRole('tab')).toHaveText(['首页', '设备控制', '备件申领']);
  // The focus stays in the bar, on the tag that took the closed one's place.
  await expect(tags.getByRole('tab', { name: '备件申领', selected: true })).toBeFocused();
  await press(page, 'ArrowLeft');
  await press(page, 'Enter');
  await expect(page).toHaveURL(/\/inspect\/robotTask\/index$/);
  await expect(tags.getByRole('tab', { name: '设备控制', selected: true })).toBeFocused();

  // ---- Remote control: a status command to 1号机组, the choice made with the arrow keys.
  const unit = page.getByRole('region', { name: '飞来峡水电站 1号机组' });
  const control = unit.getByRole('row', { name: /^运行状态设定/ }).getByRole('button', { name: '遥控' });
  await tabTo(page, control);
  await press(page, 'Enter');
  const panel = page.getByRole('dialog', { name: '远程控制', exact: true });
  const dialog = page.locator('sl-dialog').filter({ has: panel });
  await expect(panel).toBeVisible();
  await expectVisibleFocus(page);
  await expect(dialog.getByText('运行状态设定')).toBeVisible();
  await tabTo(page, dialog.getByRole('radio'));
  const repair = dialog.getByRole('radio', { name: '检修' });
  for (let i = 0; i < 4 && !(await repair.isChecked()); i++) await press(page, 'ArrowDown');
  await expect(repair).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: '发送遥控' }));
  await press(page, 'Enter');
  await expect(page.getByText('遥控命令已执行').first()).toBeVisible();
  await expect(panel).toBeHidden();
  // Back on the button that opened it.
  await expect(control).toBeFocused();
  await expectVisibleFocus(page);

  // ---- An alarm: back (Shift+Tab) to the bell, its popover, all alarms; read one; Esc closes.
  const bell = banner.getByRole('button', { name: /^通知，/ });
  await tabTo(page, bell, { back: true, max: 40 });
  await press(page, 'Enter');
  const popover = page.getByRole('dialog', { name: '未读消息' });
  await expect(popover).toBeVisible();
  const allAlarms = popover.getByRole('button', { name: /^全部告警/ });
  const unread = Number(/(\d+)/.exec((await allAlarms.textContent()) ?? '')?.[1] ?? 0);
  await tabTo(page, allAlarms);
  await press(page, 'Enter');
  const alarm = page
    .locator('sl-dialog')
    .filter({ has: page.getByRole('dialog', { name: '告警消息', exact: true }) });
  const table = alarm.getByRole('table', { name: '告警消息列表' });
  await expect(table).toBeVisible();
  await expectVisibleFocus(page);
  // The list scrolls by keyboard: Tab reaches its scroller, the arrows scroll it.
  await tabTo(page, table.locator('xpath=..'));
  await expect(table.getByRole('row', { name: /机组温度越限/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /机组温度越限/ })).toContainText('1号机组上导轴承温度越限');
  await press(page, 'ArrowDown');
  await press(page, 'Escape');
  if (unread > 0) {
    // Closing with unread alarms asks first; Tab to its close button and confirm.
    const ask = page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name: '关闭告警消息' }) });
    await expect(ask).toContainText('还有未读告警');
    await tabTo(page, ask.getByRole('button', { name: '关闭', exact: true }));
    await press(page, 'Enter');
  }
  await expect(alarm).toHaveCount(0);
  // The focus goes back to the bell, not to the page's start.
  await expect(bell).toBeFocused();
  await expectVisibleFocus(page);

  // ---- The assistant: Tab on to the robot, Enter opens it with the focus in the question box.
  const robot = page.getByRole('button', { name: 'AI 助手', exact: true });
  await tabTo(page, robot);
  await press(page, 'Enter');
  const assistant = page.getByRole('dialog', { name: 'AI 助手' });
  const question = assistant.getByRole('textbox', { name: '输入问题' });
  await expect(question).toBeFocused();
  await expectVisibleFocus(page);
  await answers.hold();
  await page.keyboard.type('今天的发电量');
  await press(page, 'Enter');
  // The answer streams (held here so the test sees it streaming), then ends.
  await expect(assistant.getByRole('button', { name: '停止回答' })).toBeVisible();
  await answers.release();
  await expect(assistant.getByText(/今日发电量合计 [0-9.]+ MWh/)).toBeVisible({ timeout: 15_000 });
  await expect(assistant.getByRole('button', { name: '有帮助' })).toBeVisible({ timeout: 15_000 });
  await expectVisibleFocus(page);
  // Closed from its header (Shift+Tab back to it), the focus goes back to the robot.
  await tabTo(page, assistant.getByRole('button', { name: '关闭', exact: true }), { back: true, max: 40 });
  await press(page, 'Enter');
  await expect(assistant).toHaveCount(0);
  await expect(robot).toBeFocused();
  await expectVisibleFocus(page);
});
