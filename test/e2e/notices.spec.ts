import type { APIRequestContext, Page } from '@playwright/test';
import { XSS_CORPUS } from '../support/xss-corpus';
import { expect, test } from './fixtures';
import { ACCOUNTS, apiSignIn, screenshots, signIn, userMenu } from './support';

// Notices and alarms end to end (spec §2, §4, §6; issue 13): notifications published through the API
// arrive in the open page over the notification socket; the popup's rules; the bell's counts and links;
// the alarm dialog and the warning popup that open by themselves after signing in, as 100001/admin and
// 100001/operator. Screenshots go to test-results/screens/ (not committed) for a person to look at.

/** A Shoelace dialog by its name: its content is slotted, outside the shadow panel that has the role. */
const dialogNamed = (page: Page, name: string) =>
  page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

async function publish(request: APIRequestContext, token: string, path: string, data: object) {
  const answer = await request.post(path, { headers: { 'Blade-Auth': `bearer ${token}` }, data });
  expect(answer.status(), await answer.text()).toBe(200);
}
const ALARM = '/api/blade-system/message/record/publish';
const SOE = '/api/hzinfo-data-socket/soe/publish';

const unreadOf = async (bell: ReturnType<Page['getByRole']>) =>
  Number(/(\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);

test('operator: notifications published through the API arrive in the open page, as text', async ({
  page,
  request,
}) => {
  await signIn(page, ACCOUNTS.operator, '/login', { noticeDialogs: true });
  const banner = page.getByRole('banner');
  const bell = banner.getByRole('button', { name: /^通知，/ });
  await expect(bell).toHaveAttribute('title', '通知连接：已连接');
  // No dialog opens by itself for the operator (spec §6).
  await expect(page.locator('sl-dialog')).toHaveCount(0);
  const before = await unreadOf(bell);
  expect(before).toBeGreaterThan(0);

  const admin = await apiSignIn(request, ACCOUNTS.admin);
  await publish(request, admin.access_token, ALARM, {
    accounts: ['operator'],
    businessClassify: 'alarm',
    subject: 'E2E 振动越限',
    content: '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>振动 0.32 mm',
    link: '/noticeinfo/info?type=alarm&name=告警消息',
  });
  const popup = page.getByRole('region', { name: '消息通知' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('E2E 振动越限');
  await expect(popup).toContainText('<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>');
  await expect(popup.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // Kind 2 is an unread alarm message: the bell counts it.
  await expect(bell).toHaveAttribute('aria-label', `通知，${before + 1} 条未读`);
  const box = await popup.boundingBox();
  const viewport = page.viewportSize()!;
  expect(Math.round(box!.width)).toBe(280);
  expect(viewport.width - (box!.x + box!.width)).toBeLessThan(40);
  expect(viewport.height - (box!.y + box!.height)).toBeLessThan(40);

  // Kind 1 goes to the front: the popup shows the newest; 'more' lists both.
  await publish(request, admin.access_token, SOE, {
    accounts: ['operator'],
    deptName: '飞来峡水电站',
    soe_explain: '1号机 断路器分闸',
  });
  await expect(popup).toContainText('1号机 断路器分闸');
  await expect(popup).not.toContainText('E2E 振动越限');
  await popup.getByRole('button', { name: '更多' }).click();
  await expect(popup.getByRole('listitem')).toHaveCount(2);
  await expect(popup.getByRole('listitem').first()).toContainText('SOE 事件');
  await screenshots(page, 'notices-popup');

  // Closing with several only hides it; the tab shows it again.
  await popup.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(popup).toBeHidden();
  await page.getByRole('button', { name: '显示消息通知（2）' }).click();
  await expect(popup.getByRole('listitem')).toHaveCount(2);
  // A link opens its page.
  await popup.getByRole('button', { name: '查看 E2E 振动越限' }).click();
  await expect(page).toHaveURL(/\/noticeinfo\/info\?type=alarm&name=/);
  // Clear all empties it.
  await popup.getByRole('button', { name: '清空' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('button', { name: /^显示消息通知/ })).toBeHidden();
  // Closing with one item empties the list.
  await publish(request, admin.access_token, SOE, {
    accounts: ['operator'],
    deptName: '东江水电站',
    soe_explain: '保护动作',
  });
  await expect(popup).toContainText('保护动作');
  await popup.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByRole('button', { name: /^显示消息通知/ })).toBeHidden();

  // Another tenant's publish never arrives.
  const storage = await apiSignIn(request, ACCOUNTS.storageAdmin);
  await publish(request, storage.access_token, SOE, { deptName: '前海储能电站', soe_explain: '其他租户' });
  await publish(request, admin.access_token, SOE, {
    accounts: ['operator'],
    deptName: '飞来峡水电站',
    soe_explain: '本租户',
  });
  await expect(popup).toContainText('本租户');
  await popup.getByRole('button', { name: '更多' }).isVisible();
  await expect(page.getByText('其他租户')).toHaveCount(0);
});

test('operator: a newer unread fetch cancels the older one; the bell shows the newer counts (zh, en)', async ({
  page,
  request,
}) => {
  // The first unread call of each page load is held; a notification's refresh is the newer fetch.
  const UNREAD = '/api/blade-system/message/record/getPersonalUnreadMessage';
  let seen = 0;
  await page.route(`**${UNREAD}`, async (route) => {
    seen += 1;
    if (seen === 1) return; // never answered: only the console's own cancellation ends it
    await route.continue();
  });
  const aborted: string[] = [];
  page.on('requestfailed', (failed) => {
    if (failed.url().includes(UNREAD)) aborted.push(failed.failure()?.errorText ?? '');
  });
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const admin = await apiSignIn(request, ACCOUNTS.admin);
  for (const [lang, none, some] of [
    ['zh', '通知，没有未读', /^通知，\d+ 条未读$/],
    ['en', 'Notices, none unread', /^Notices, \d+ unread$/],
  ] as const) {
    seen = 0;
    if (lang === 'zh') await signIn(page, ACCOUNTS.operator, '/login', { noticeDialogs: true });
    else {
      await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
      await page.reload();
    }
    const bell = page
      .getByRole('banner')
      .getByRole('button', { name: lang === 'zh' ? /^通知，/ : /^Notices, / });
    await expect(bell).toHaveAttribute('aria-label', none);
    await expect.poll(() => seen).toBe(1);
    // The socket must be open to hear the message (after the reload it connects anew).
    await expect(bell).toHaveAttribute(
      'title',
      lang === 'zh' ? '通知连接：已连接' : 'Notification link: connected',
    );
    // A new alarm message refreshes the counts while the first answer is still out.
    await publish(request, admin.access_token, ALARM, {
      accounts: ['operator'],
      businessClassify: 'alarm',
      subject: `E2E 计数 ${lang}`,
      content: '计数刷新',
    });
    await expect.poll(() => aborted.length).toBe(lang === 'zh' ? 1 : 2);
    expect(aborted.at(-1)).toBe('net::ERR_ABORTED');
    await expect(bell).toHaveAttribute('aria-label', some);
  }
  // A canceled request is not an error anyone sees (spec §8).
  expect(errors.filter((e) => /unread|canceled/i.test(e))).toEqual([]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem('saber-language', 'zh'));
});

test('operator: the bell lists the unread classifications, each a link to the message centre', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.operator, '/login', { noticeDialogs: true });
  const bell = page.getByRole('banner').getByRole('button', { name: /^通知，/ });
  await bell.click();
  const panel = page.getByRole('dialog', { name: '未读消息' });
  await expect(panel).toBeVisible();
  const link = panel.getByRole('link', { name: /^告警消息\s*\d+$/ });
  await expect(link).toHaveAttribute(
    'href',
    '/noticeinfo/info?type=alarm&name=%E5%91%8A%E8%AD%A6%E6%B6%88%E6%81%AF',
  );
  await screenshots(page, 'notices-bell');
  await link.click();
  await expect(page).toHaveURL('/noticeinfo/info?type=alarm&name=%E5%91%8A%E8%AD%A6%E6%B6%88%E6%81%AF');
  await expect(panel).toBeHidden();
  // In English the bell and its entries follow the language.
  await page.evaluate(() => localStorage.setItem('saber-language', 'en'));
  await page.goto('/');
  const enBell = page.getByRole('banner').getByRole('button', { name: /^Notices, \d+ unread$/ });
  await enBell.click();
  await expect(
    page.getByRole('dialog', { name: 'Unread messages' }).getByRole('link', { name: /^Alarm\s*\d+$/ }),
  ).toBeVisible();
  await screenshots(page, 'notices-bell-en');
});

test('admin: the alarm dialog opens by itself once, asks before closing unread, then the warning popup', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, ACCOUNTS.admin, '/login', { noticeDialogs: true });
  const alarm = dialogNamed(page, '告警消息');
  const table = alarm.getByRole('table', { name: '告警消息列表' });
  await expect(table).toBeVisible();
  await expect(alarm.locator('.ops-table__scroll')).toHaveCSS('height', '525px');
  // Unread by default; every record's content is a column.
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await screenshots(page, 'notices-alarm-dialog');

  // Filters: all statuses, subject 水位.
  await alarm.getByRole('combobox', { name: '状态' }).selectOption({ label: '全部' });
  await alarm.getByRole('textbox', { name: '主题' }).fill('水位');
  await alarm.getByRole('button', { name: '查询' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('上游水位接近汛限水位');
  await alarm.getByRole('textbox', { name: '主题' }).fill('x'.repeat(51));
  await alarm.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '主题不能超过 50 个字符' })).toBeVisible();
  await expect(table).toContainText('上游水位接近汛限水位');

  // Closing with unread records left asks first; cancel keeps it open.
  await page.keyboard.press('Escape');
  const ask = dialogNamed(page, '关闭告警消息');
  await expect(ask).toContainText('还有未读告警');
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(ask).toHaveCount(0);
  await expect(table).toBeVisible();
  // The dialog's own close button asks too; confirming closes it without marking anything read.
  await alarm.locator('sl-icon-button[part~="close-button"]').click();
  await dialogNamed(page, '关闭告警消息').getByRole('button', { name: '关闭', exact: true }).click();
  await expect(alarm).toHaveCount(0);

  // Under it all along, the warning popup (warring_log, not modal): the alarms of the last 24 hours.
  const warnings = page.getByRole('dialog', { name: '警告提醒' });
  await expect(warnings.getByRole('list', { name: /^最近 24 小时的告警（\d+ 条）$/ })).toBeVisible();
  await expect(warnings.getByRole('heading', { name: '没有未发送的错误日志' })).toBeVisible();
  await screenshots(page, 'notices-warning-popup');
  await warnings.getByRole('button', { name: '知道了' }).click();
  await expect(warnings).toHaveCount(0);

  // The message dialog of notices, from the bell, as text.
  const bell = page.getByRole('banner').getByRole('button', { name: /^通知，/ });
  await bell.click();
  await page
    .getByRole('dialog', { name: '未读消息' })
    .getByRole('button', { name: /^通知公告/ })
    .click();
  const messages = dialogNamed(page, '通知公告');
  const list = messages.getByRole('table', { name: '通知公告列表' });
  await expect(list.getByRole('row')).toHaveCount(11);
  await messages.getByRole('button', { name: '第 2 页' }).click();
  await expect(list).toContainText('<b>标题含标记</b> 的测试公告');
  await expect(list.locator('b, script')).toHaveCount(0);
  await messages.getByRole('button', { name: '第 1 页' }).click();
  const before = await unreadOf(bell);
  const markRead = list.getByRole('button', { name: /^标为已读/ });
  // Page 1 again: counted once its rows are back (the newest notices, unread).
  await expect(markRead.first()).toBeVisible();
  const unreadRows = await markRead.count();
  expect(unreadRows).toBeGreaterThan(0);
  await markRead.first().click();
  await expect(markRead).toHaveCount(unreadRows - 1);
  await expect(bell).toHaveAttribute('aria-label', `通知，${before - 1} 条未读`);
  await screenshots(page, 'notices-message-dialog');
  await page.keyboard.press('Escape');
  await expect(messages).toHaveCount(0);

  // Finished: a reload opens neither again.
  await page.reload();
  await expect(bell).toBeVisible();
  await expect(page.getByRole('dialog', { name: '警告提醒' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: /^通知，/ })).toHaveAttribute(
    'title',
    '通知连接：已连接',
  );
  await expect(page.locator('sl-dialog')).toHaveCount(0);

  // From the bell: all alarms, mark all read; closing then asks nothing.
  await bell.click();
  await page
    .getByRole('dialog', { name: '未读消息' })
    .getByRole('button', { name: /^全部告警/ })
    .click();
  await expect(alarm.getByRole('table', { name: '告警消息列表' })).toBeVisible();
  await alarm.getByRole('button', { name: '全部已读' }).click();
  await expect(
    page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: '已全部标为已读' }),
  ).toBeVisible();
  await expect(alarm.getByRole('table', { name: '告警消息列表' })).toContainText('暂无数据');
  await page.keyboard.press('Escape');
  await expect(alarm).toHaveCount(0);
  await expect(dialogNamed(page, '关闭告警消息')).toHaveCount(0);
  await bell.click();
  await expect(page.getByRole('dialog', { name: '未读消息' })).toContainText('没有未读消息');
});

test('operator: no alarm dialog or warning popup opens by itself', async ({ page }) => {
  await signIn(page, ACCOUNTS.operator, '/login', { noticeDialogs: true });
  await expect(page.getByRole('banner').getByRole('button', { name: /^通知，/ })).toHaveAttribute(
    'title',
    '通知连接：已连接',
  );
  await expect(page.locator('sl-dialog')).toHaveCount(0);
});

test('operator: the message centre pages notices by 10, filters, marks read; a classification’s messages', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signIn(page, ACCOUNTS.operator, '/login', { noticeDialogs: true });
  const bell = page.getByRole('banner').getByRole('button', { name: /^通知，/ });
  await expect(bell).toHaveAttribute('title', '通知连接：已连接');
  await page.goto('/noticeinfo/info?type=notice&name=%E9%80%9A%E7%9F%A5%E5%85%AC%E5%91%8A');
  const heading = page.getByRole('heading', { name: /消息中心/ });
  await expect(heading).toContainText('通知公告');
  const notices = page.getByRole('table', { name: '通知公告列表' });
  await expect(notices.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: '第 2 页' }).click();
  await expect(notices.getByRole('row')).toHaveCount(3);
  await expect(notices).toContainText('<b>标题含标记</b> 的测试公告');
  await expect(notices.locator('b, script')).toHaveCount(0);
  await screenshots(page, 'notices-centre');

  // Unread only; a title over 50 characters is refused before searching.
  await page.getByRole('combobox', { name: '状态' }).selectOption({ label: '未读' });
  // Counted once the unread list has answered (until then the table keeps showing page 2).
  const unreadList = page.waitForResponse(
    (r) => r.url().includes('/api/blade-system/notice/getUnread') && r.url().includes('isReal=0'),
  );
  await page.getByRole('button', { name: '查询' }).click();
  await unreadList;
  await expect(notices).toHaveAttribute('aria-busy', 'false');
  const unreadRows = (await notices.getByRole('row').count()) - 1;
  expect(unreadRows).toBeGreaterThan(0);
  await page.getByRole('textbox', { name: '标题' }).fill('x'.repeat(51));
  await page.getByRole('button', { name: '查询' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '标题不能超过 50 个字符' })).toBeVisible();
  await page.getByRole('textbox', { name: '标题' }).fill('');

  // Marking one read: it leaves the unread list and the bell follows.
  const before = await unreadOf(bell);
  await notices
    .getByRole('button', { name: /^标为已读/ })
    .first()
    .click();
  await expect(notices.getByRole('row')).toHaveCount(unreadRows);
  await expect(bell).toHaveAttribute('aria-label', `通知，${before - 1} 条未读`);

  // A classification: its alarm messages; mark all read empties the bell's entry.
  await page.goto('/noticeinfo/info?type=alarm&name=%E5%91%8A%E8%AD%A6%E6%B6%88%E6%81%AF');
  const alarms = page.getByRole('table', { name: '告警消息列表' });
  await expect(alarms).toContainText('机组温度越限');
  await expect(alarms).not.toContainText('缺陷待处理');
  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(alarms.getByRole('button', { name: /^标为已读/ })).toHaveCount(0);
  await bell.click();
  await expect(
    page.getByRole('dialog', { name: '未读消息' }).getByRole('link', { name: /^告警消息/ }),
  ).toHaveCount(0);
  await screenshots(page, 'notices-centre-alarm');
});

test('operator: signing out closes the notification socket and opens no other (S2)', async ({ page }) => {
  const sockets: { url: string; closed: boolean }[] = [];
  page.on('websocket', (ws) => {
    const entry = { url: ws.url(), closed: false };
    sockets.push(entry);
    ws.on('close', () => {
      entry.closed = true;
    });
  });
  await signIn(page, ACCOUNTS.operator, '/login', { noticeDialogs: true });
  await expect(page.getByRole('banner').getByRole('button', { name: /^通知，/ })).toHaveAttribute(
    'title',
    '通知连接：已连接',
  );
  const open = sockets.filter((s) => s.url.includes('/api/blade-system/websocket/'));
  expect(open).toHaveLength(1);
  await userMenu(page, '退出登录');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => open[0]!.closed).toBe(true);
  await page.waitForTimeout(1000);
  expect(sockets.filter((s) => !s.closed)).toHaveLength(0);
});

test('operator: the XSS corpus (172 payloads) as notification texts runs no script and leaves no handler or javascript: URL (S3)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.operator, '/login', { noticeDialogs: true });
  await expect(page.getByRole('banner').getByRole('button', { name: /^通知，/ })).toHaveAttribute(
    'title',
    '通知连接：已连接',
  );
  const admin = await apiSignIn(request, ACCOUNTS.admin);
  const popup = page.getByRole('region', { name: '消息通知' });
  const layer = page.locator('.ops-notices-layer');
  // In rounds of 40 (the popup keeps 50), kind 2 and kind 1 alternately, the payload in every text field.
  for (let start = 0; start < XSS_CORPUS.length; start += 40) {
    const round = XSS_CORPUS.slice(start, start + 40);
    for (const [i, payload] of round.entries()) {
      const n = start + i;
      if (n % 2 === 0)
        await publish(request, admin.access_token, ALARM, {
          accounts: ['operator'],
          businessClassify: 'alarm',
          subject: `S3 #${n} ${payload}`.slice(0, 100),
          content: payload,
          link: '/noticeinfo/info',
        });
      else
        await publish(request, admin.access_token, SOE, {
          accounts: ['operator'],
          deptName: `S3 #${n} ${payload}`.slice(0, 50),
          soe_explain: payload,
        });
    }
    const last = start + round.length - 1;
    await expect(popup).toContainText(`S3 #${last}`);
    if (start === 0) await popup.getByRole('button', { name: '更多' }).click();
    await expect(popup.getByRole('listitem')).toHaveCount(Math.min(50, last + 1));
    expect(await layer.locator('script, iframe, svg, img, object, embed, a').count()).toBe(0);
    const unsafe = await layer.evaluate((root) =>
      [...root.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes]
          .filter((a) => a.name.startsWith('on') || /^\s*javascript:/i.test(a.value))
          .map((a) => `${el.tagName} ${a.name}`),
      ),
    );
    expect(unsafe).toEqual([]);
  }
  // The payloads show as the text they are.
  await expect(popup).toContainText(XSS_CORPUS.at(-1)!.split('\n')[0]!);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
});
