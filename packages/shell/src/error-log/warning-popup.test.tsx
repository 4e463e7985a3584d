// The post-login warning popup over the shell's real runtime and a fake alarm route: who sees it, what it
// lists, that it opens once per session and hands over to the error-log viewer. Found by role and name.
import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { byRole, waitFor } from '../../../../test/support/dom';
import { mount } from '../../test-support/dom';
import { failure, ok, type Route, shellTestServices } from '../../test-support/services';
import { ErrorLogButton } from './error-log-button';

const ALARMS = 'GET /api/blade-system/message/record/getAlarmMessage';
const alarmPage = (total: number) => () =>
  ok({
    total,
    records: Array.from({ length: Math.min(total, 5) }, (_, i) => ({
      id: String(i + 1),
      businessClassify: 'alarm',
      subject: `上游水位告警 ${i + 1}`,
      content: '',
      status: i === 0 ? 0 : 1,
      pushTime: `2026-11-28 07:0${i}:00`,
    })),
  });

type Services = ReturnType<typeof shellTestServices>['services'];
const USER = { user_id: '1', account: 'admin', tenant_id: '100001' } as unknown as NonNullable<
  ReturnType<Services['session']['get']>['userInfo']
>;
function signInAs(services: Services, permitted = true) {
  services.session.update({
    token: 'signed-in',
    tenantId: '100001',
    userInfo: { ...(services.session.get().userInfo ?? USER), account: 'admin', tenant_id: '100001' },
    permission: permitted ? { warring_log: true } : {},
  });
}

function setup(options: { alarms?: Route; permitted?: boolean; entries?: number; lang?: 'zh' | 'en' } = {}) {
  const fake = shellTestServices({ [ALARMS]: options.alarms ?? alarmPage(0) }, options.lang);
  const { services } = fake;
  services.errorLog.clear();
  for (let i = 0; i < (options.entries ?? 0); i++)
    services.errorLog.add({ type: 'http', message: `GET /api/x${i} 500: internal` });
  signInAs(services, options.permitted !== false);
  const view = mount(<ErrorLogButton services={services} />);
  return { ...fake, view };
}

const popup = (name: string | RegExp) => waitFor(() => byRole(document.body, 'dialog', name));

describe('post-login warning popup', () => {
  let cleanup = () => {};
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    setLanguage('zh');
  });

  it('lists unsent error-log entries and recent alarms, then stays dismissed for the session', async () => {
    const { view, services, calls } = setup({ entries: 2, alarms: alarmPage(7) });
    cleanup = view.unmount;
    const dialog = within(await popup('警告提醒'));
    expect(
      dialog.getByRole('list', { name: '未发送的错误日志（2 条）' }).querySelectorAll('li'),
    ).to.have.length(2);
    const alarms = dialog.getByRole('list', { name: '最近 24 小时的告警（7 条）' });
    expect(alarms.querySelectorAll('li')).to.have.length(5);
    expect(alarms.textContent).to.contain('上游水位告警 1');
    expect(alarms.querySelector('li')!.textContent).to.contain('未读');
    const query = calls.find((c) => c.url.endsWith('/getAlarmMessage'))!.params;
    expect(String(query.size)).to.equal('5');
    expect(query.startTime).to.match(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    fireEvent.click(dialog.getByRole('button', { name: '知道了' }));
    await waitFor(() => byRole(document.body, 'dialog', '警告提醒') === null);
    view.unmount();
    // Mounted again in the same session (a reload): it does not open again.
    const again = mount(<ErrorLogButton services={services} />);
    cleanup = again.unmount;
    await waitFor(() => byRole(again.container, 'button', /错误日志/));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byRole(document.body, 'dialog', '警告提醒') === null, 'no popup').to.equal(true);
  });

  it('opens the error-log viewer from the popup; in English too', async () => {
    const { view } = setup({ entries: 1, lang: 'en' });
    cleanup = view.unmount;
    const dialog = within(await popup('Warnings'));
    expect(dialog.getByRole('heading', { name: 'No alarms in the last 24 hours' })).to.not.equal(null);
    fireEvent.click(dialog.getByRole('button', { name: 'Open error log' }));
    await waitFor(() => document.querySelector('sl-dialog.ops-error-log[open]'));
    expect(byRole(document.body, 'dialog', 'Warnings') === null, 'popup closed').to.equal(true);
  });

  it('warns about the error log even when the alarms cannot be read', async () => {
    const { view } = setup({ entries: 1, alarms: () => failure({ code: 500, msg: 'down' }, 500) });
    cleanup = view.unmount;
    const dialog = within(await popup('警告提醒'));
    // The failed read is itself an unsent entry now.
    const list = dialog.getByRole('list', { name: '未发送的错误日志（2 条）' });
    expect(list.textContent).to.contain('GET /api/x0 500: internal');
    expect(dialog.getByRole('heading', { name: '最近 24 小时没有告警' })).to.not.equal(null);
  });

  it('opens again after signing out and in (not before)', async () => {
    const { view, services } = setup({ entries: 1 });
    await popup('警告提醒');
    view.unmount();
    const remount = () => mount(<ErrorLogButton services={services} />);
    const still = remount();
    await waitFor(() => byRole(still.container, 'button', /错误日志/));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byRole(document.body, 'dialog', '警告提醒') === null, 'same session').to.equal(true);
    // Signed out: the chrome unmounts without a token; the next sign-in shows it again.
    services.session.update({ token: '' });
    still.unmount();
    signInAs(services);
    const next = remount();
    cleanup = next.unmount;
    await popup('警告提醒');
  });

  it('does not open without warring_log, or with nothing to warn about', async () => {
    const first = setup({ entries: 2, alarms: alarmPage(3), permitted: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byRole(document.body, 'dialog', '警告提醒') === null, 'no popup').to.equal(true);
    first.view.unmount();
    const second = setup();
    cleanup = second.view.unmount;
    await waitFor(() => second.calls.some((c) => c.url.endsWith('/getAlarmMessage')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(byRole(document.body, 'dialog', '警告提醒') === null, 'no popup').to.equal(true);
  });
});
