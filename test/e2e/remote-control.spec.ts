import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ACCOUNTS, screenshots, signedInHeaders, signIn } from './support';

const PAGE = '/inspect/robotTask/index';
const SEND_PATH = '/api/gglm-big-model/interactive/sendRemoteControl';

interface SentCommand {
  key: string;
  deviceCode: string;
  signage: string;
  params: Record<string, number | string>;
  machineCode: string;
  delay: boolean;
}

/** Every sendRemoteControl the page sends, as the browser sent it (the request log). */
function recordCommands(page: Page): SentCommand[] {
  const sent: SentCommand[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith(SEND_PATH)) return;
    const body = request.postDataJSON() as Omit<SentCommand, 'key'>;
    sent.push({ ...body, key: request.headers()['idempotency-key'] ?? '' });
  });
  return sent;
}

const device = (page: Page, site: string, name: string) =>
  page.getByRole('region', { name: `${site} ${name}` });
const rowOf = (region: Locator, fn: string) => region.getByRole('row', { name: new RegExp(`^${fn}`) });
const openItem = (region: Locator, fn: string) =>
  rowOf(region, fn).getByRole('button', { name: '遥控' }).click();
/** The dialog's panel (in Shoelace's shadow root): visible while the dialog is open. */
const panel = (page: Page, name = '远程控制') => page.getByRole('dialog', { name, exact: true });
/** The dialog element, whose (slotted) content the panel shows. */
const controlDialog = (page: Page, name = '远程控制') =>
  page.locator('sl-dialog').filter({ has: panel(page, name) });
const dialogButton = (page: Page, name: string) =>
  controlDialog(page).getByRole('button', { name, exact: true });

test('remote control as 100001/admin: every function type, the breaker protocol, a slow and a failing device, one request per click, each command audited once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const started = Date.now();
  await signIn(page, ACCOUNTS.admin);
  const sent = recordCommands(page);
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: '设备控制', level: 1 })).toBeVisible();
  // The parcel's code comes with the first request, not with the chrome (P2).
  await expect(page.getByRole('region', { name: '远程控制' })).toHaveCount(0);
  const unit = device(page, '飞来峡水电站', '1号机组');
  await expect(rowOf(unit, '出口断路器')).toContainText('断路器控制');
  await screenshots(page, 'device-control-page');

  // Type 0: a status option (its dictKey is sent as given, text: spec §7).
  await openItem(unit, '运行状态设定');
  const dialog = controlDialog(page);
  await expect(panel(page)).toBeVisible();
  await expect(dialog.getByText('飞来峡水电站')).toBeVisible();
  await expect(dialog.getByText('1号机组')).toBeVisible();
  await expect(dialog.getByText('运行状态设定')).toBeVisible();
  await expect(dialogButton(page, '发送遥控')).toBeDisabled();
  await dialog.getByRole('radio', { name: '检修' }).check();
  await dialogButton(page, '发送遥控').click();
  await expect(page.getByText('遥控命令已执行').first()).toBeVisible();
  await expect(panel(page)).toBeHidden();
  expect(sent.at(-1)).toMatchObject({ signage: 'G1_STATE', params: { value: '2' }, delay: false });

  // Type 1 with options (the index is sent), double-clicked: one request.
  await openItem(unit, '启停控制');
  await dialog.getByRole('radio', { name: '停止' }).check();
  const before = sent.length;
  await dialogButton(page, '发送遥控').dblclick();
  await expect(panel(page)).toBeHidden();
  await page.waitForTimeout(500);
  expect(sent.length - before, 'a double click sends one request').toBe(1);
  expect(sent.at(-1)).toMatchObject({ signage: 'G1_START', params: { value: 1 } });

  // Type 1 with a fixed label.
  await openItem(unit, '事故停机');
  await expect(dialog.getByText('执行停机')).toBeVisible();
  await dialogButton(page, '发送遥控').click();
  await expect(panel(page)).toBeHidden();
  expect(sent.at(-1)).toMatchObject({ signage: 'G1_ESTOP', params: { value: 0 } });

  // Type 3: checked on blur, names cut at 6 with the whole name as tooltip, values divided by coefficient.
  await openItem(unit, '功率调节');
  await expect(dialog.getByText('有功功率设定…')).toHaveAttribute('title', '有功功率设定值');
  const power = dialog.getByRole('textbox', { name: '有功功率设定值' });
  await power.fill('120');
  await power.blur();
  await expect(dialog.getByText('数值不能大于 100')).toBeVisible();
  await screenshots(page, 'remote-control-params');
  await power.fill('50');
  await dialog.getByRole('textbox', { name: '无功功率' }).fill('50');
  await dialogButton(page, '发送遥控').click();
  await expect(panel(page)).toBeHidden();
  expect(sent.at(-1)).toMatchObject({ signage: 'G1_SET', params: { P: 50, Q: 5 } });

  // Type 4: value 1 at once, no dialog.
  const beforeReset = sent.length;
  await openItem(unit, '信号复归');
  await expect.poll(() => sent.length).toBe(beforeReset + 1);
  expect(sent.at(-1)).toMatchObject({ signage: 'G1_RESET', params: { value: 1 } });
  await expect(panel(page)).toBeHidden();

  // Type 2: pre-split, withdraw, pre-close, close.
  await openItem(unit, '出口断路器');
  await expect(dialogButton(page, '预分闸')).toBeEnabled();
  await expect(dialogButton(page, '分闸')).toBeDisabled();
  await expect(dialogButton(page, '预合闸')).toBeEnabled();
  await expect(dialogButton(page, '合闸')).toBeDisabled();
  await expect(dialogButton(page, '撤销遥控')).toBeDisabled();
  await dialogButton(page, '预分闸').click();
  await dialogButton(page, '发送遥控').click();
  await expect(dialog.getByRole('status')).toHaveText('遥控命令已执行');
  await expect(dialog.getByText('已预分闸，请分闸或撤销遥控')).toBeVisible();
  // The sent step stays chosen; send waits for the confirm (spec §4).
  await expect(dialogButton(page, '预分闸')).toHaveAttribute('aria-pressed', 'true');
  await expect(dialogButton(page, '发送遥控')).toBeDisabled();
  await expect(dialogButton(page, '分闸')).toBeEnabled();
  await expect(dialogButton(page, '预合闸')).toBeDisabled();
  await expect(dialogButton(page, '撤销遥控')).toBeEnabled();
  await screenshots(page, 'remote-control-breaker-armed');
  await dialogButton(page, '撤销遥控').click();
  await expect(dialog.getByRole('status')).toHaveText('遥控命令已撤销');
  await expect(dialogButton(page, '分闸')).toBeDisabled();
  await expect(dialogButton(page, '预合闸')).toBeEnabled();
  await dialogButton(page, '预合闸').click();
  await dialogButton(page, '发送遥控').click();
  await expect(dialogButton(page, '合闸')).toBeEnabled();
  await dialogButton(page, '合闸').click();
  await dialogButton(page, '发送遥控').click();
  await expect(panel(page)).toBeHidden();
  expect(sent.filter((c) => c.signage === 'G1_QF').map((c) => c.params.value)).toEqual([0, 4, 2, 3]);
  await page.getByRole('button', { name: '刷新', exact: true }).click();
  await expect(rowOf(unit, '出口断路器')).toContainText('合闸');
  await expect(rowOf(unit, '运行状态设定')).toContainText('检修');

  // The failing device: its error as the tip, without the leading 'Error:'; the breaker stays unarmed.
  const dc = device(page, '飞来峡水电站', '直流系统');
  await openItem(dc, '蓄电池开关');
  await dialogButton(page, '预分闸').click();
  await dialogButton(page, '发送遥控').click();
  const tip = dialog.getByRole('alert');
  await expect(tip).toHaveText('设备通信中断，命令未执行');
  await expect(page.getByText('Error:')).toHaveCount(0);
  await expect(dialogButton(page, '撤销遥控')).toBeDisabled();
  await expect(dialogButton(page, '分闸')).toBeDisabled();
  await screenshots(page, 'remote-control-failed');
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();

  // The slow device answers after 6.5 s: the console stops waiting at 5 s and says so.
  const gate = device(page, '飞来峡水电站', '1号闸门');
  await openItem(gate, '闸门启闭');
  await dialog.getByRole('radio', { name: '开' }).check();
  await dialogButton(page, '发送遥控').click();
  await expect(dialogButton(page, '发送遥控')).toBeDisabled();
  await expect(dialogButton(page, '取消')).toBeDisabled();
  await expect(dialog.getByRole('alert')).toHaveText('请求超时', { timeout: 8_000 });
  await expect(dialogButton(page, '发送遥控')).toBeEnabled();
  await page.keyboard.press('Escape');

  // Every command once in the audit, with its key, the signed-in account and the machine code sent.
  expect(new Set(sent.map((c) => c.key)).size).toBe(sent.length);
  expect(sent.every((c) => /^[0-9a-f]{16}$/.test(c.machineCode))).toBe(true);
  const headers = await signedInHeaders(page);
  // The slow device's row is finished once it has answered (6.5 s after it was sent).
  await page.waitForTimeout(2_000);
  const answer = await request.get(`/api/gglm-big-model/interactive/audit?size=100&beginTime=${started}`, {
    headers,
  });
  expect(answer.status()).toBe(200);
  const rows = (
    (await answer.json()) as {
      data: { records: { idempotencyKey: string; account: string; result: string }[] };
    }
  ).data.records;
  for (const command of sent) {
    const mine = rows.filter((r) => r.idempotencyKey === command.key);
    expect(mine, `${command.signage} ${JSON.stringify(command.params)}`).toHaveLength(1);
    expect(mine[0]!.account).toBe('admin');
  }
  expect(
    rows
      .filter((r) => sent.some((c) => c.key === r.idempotencyKey))
      .map((r) => r.result)
      .sort(),
  ).toEqual([...Array(sent.length - 1).fill('success'), 'failed'].sort());

  // The administrators' audit on the page: by device, each command once.
  await page.reload();
  const audit = page.getByRole('region', { name: '遥控记录' });
  await audit.getByRole('combobox', { name: '设备' }).selectOption({ label: '飞来峡水电站 1号闸门' });
  const slow = sent.find((c) => c.signage === 'GATE1_OPEN')!;
  await expect(audit.getByRole('row').filter({ hasText: slow.key })).toHaveCount(1);
  await expect(audit.getByRole('row').filter({ hasText: slow.key })).toContainText('成功');
  await audit.getByRole('combobox', { name: '设备' }).selectOption({ label: '飞来峡水电站 直流系统' });
  const failed = sent.find((c) => c.signage === 'DC_QF')!;
  await expect(audit.getByRole('row').filter({ hasText: failed.key })).toHaveCount(1);
  await expect(audit.getByRole('row').filter({ hasText: failed.key })).toContainText('失败');
  await screenshots(page, 'device-control-audit', { settle: () => audit.scrollIntoViewIfNeeded() });
});

test('remote control in English', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin);
  const sent = recordCommands(page);
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.goto(PAGE);
  await expect(page.getByRole('heading', { name: 'Device control', level: 1 })).toBeVisible();
  const unit = page.getByRole('region', { name: '飞来峡水电站 1号机组' });
  await expect(unit.getByRole('row', { name: /^出口断路器/ })).toContainText('Breaker control');
  await screenshots(page, 'device-control-page-en');
  await unit
    .getByRole('row', { name: /^出口断路器/ })
    .getByRole('button', { name: 'Control' })
    .click();
  const dialog = controlDialog(page, 'Remote control');
  await expect(panel(page, 'Remote control')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pre-split' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Close breaker' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Send remote control' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Withdraw remote control' })).toBeDisabled();
  await screenshots(page, 'remote-control-breaker-en');
  // After pre-close the sent step stays chosen and send waits for the confirm (spec §4); withdraw it.
  const send = dialog.getByRole('button', { name: 'Send remote control' });
  await dialog.getByRole('button', { name: 'Pre-close' }).click();
  await send.click();
  await expect(dialog.getByRole('button', { name: 'Pre-close' })).toHaveAttribute('aria-pressed', 'true');
  await expect(send).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close breaker' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Close breaker' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await dialog.getByRole('button', { name: 'Close breaker' }).click();
  await expect(send).toBeEnabled();
  await dialog.getByRole('button', { name: 'Withdraw remote control' }).click();
  await expect(dialog.getByRole('button', { name: 'Pre-close' })).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Pre-close' })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await expect(panel(page, 'Remote control')).toBeHidden();
  // Type 0 sends the status option's dictionary key as given: text.
  await unit
    .getByRole('row', { name: /^运行状态设定/ })
    .getByRole('button', { name: 'Control' })
    .click();
  await dialog.getByRole('radio', { name: 'Running' }).check();
  await send.click();
  await expect(panel(page, 'Remote control')).toBeHidden();
  expect(sent.at(-1)).toMatchObject({ signage: 'G1_STATE', params: { value: '1' } });
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});
