// The top bar's error-log button and the viewer it opens, over the shell's real runtime (its error log in
// memory storage, its HTTP client showing a refused call's message) and a fake upload route. Elements are
// found by role and name, as a person finds them.
import { expect } from '@esm-bundle/chai';
import { type Http, setLanguage } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { byRole, waitFor } from '../../../../test/support/dom';
import { mount } from '../../test-support/dom';
import { failure, ok, type Route, shellTestServices } from '../../test-support/services';
import { ErrorLogButton } from './error-log-button';

const UPLOAD = 'POST /api/blade-log/error/upload';

function setup(options: { permitted?: boolean; upload?: Route; lang?: 'zh' | 'en' } = {}) {
  const fake = shellTestServices({ [UPLOAD]: options.upload ?? (() => ok({ saved: 1 })) }, options.lang);
  const { services } = fake;
  services.errorLog.clear();
  if (options.permitted !== false) services.session.update({ permission: { warring_log: true } });
  const posted: unknown[] = [];
  const http: Http = {
    ...services.http,
    post: ((url: string, data?: unknown, config?: object) => {
      if (url === '/api/blade-log/error/upload') posted.push(data);
      return services.http.post(url, data, config);
    }) as Http['post'],
  };
  const view = mount(<ErrorLogButton services={{ ...services, http }} />);
  return { ...fake, posted, view, log: services.errorLog };
}

/** The viewer once shown: its slotted content is light DOM. */
const viewer = () =>
  waitFor(() => document.querySelector<HTMLElement>('sl-dialog.ops-error-log[open]')).then((el) =>
    within(el),
  );

async function answerConfirm(message: string, button: '确定' | '取消' | 'OK' | 'Cancel') {
  const text = await waitFor(() =>
    // The open one: an answered confirm stays a moment for its hide animation.
    [...document.querySelectorAll('.ops-confirm__message')].find(
      (p) => p.textContent === message && p.closest('sl-dialog')?.hasAttribute('open'),
    ),
  );
  const dialog = text.closest('sl-dialog') as HTMLElement;
  fireEvent.click(await waitFor(() => within(dialog).queryByRole('button', { name: button })));
}

const addEntries = (log: ReturnType<typeof setup>['log']) => {
  log.add({
    type: 'ChunkLoadError',
    message: 'Loading @ops/app-station-monitor failed',
    stack: 'ChunkLoadError: x\n    at load',
  });
  log.add({ type: 'http', message: 'GET /api/x 500: internal', info: 'kind response; code 500' });
  log.add({ type: 'error', message: '<img src=x onerror="window.hacked=1">', stack: '' });
};

describe('error-log viewer', () => {
  let cleanup = () => {};
  afterEach(() => {
    cleanup();
    for (const host of document.querySelectorAll('.ops-confirm-host')) host.remove();
    setLanguage('zh');
  });

  it('is not there without the warring_log permission', () => {
    const { view, log } = setup({ permitted: false });
    cleanup = view.unmount;
    addEntries(log);
    expect(byRole(view.container, 'button', /错误日志/)).to.equal(null);
  });

  it('shows the count on the button, following the log', async () => {
    const { view, log } = setup();
    cleanup = view.unmount;
    expect(byRole(view.container, 'button', '错误日志')).to.not.equal(null);
    expect(view.container.querySelector('.ops-error-log__badge')).to.equal(null);
    addEntries(log);
    const button = await waitFor(() => byRole(view.container, 'button', '错误日志 (3)'));
    expect(button.querySelector('.ops-error-log__badge')!.textContent).to.equal('3');
  });

  it('lists type, url, message and time newest first, as text, with an expandable stack', async () => {
    const { view, log } = setup();
    cleanup = view.unmount;
    addEntries(log);
    fireEvent.click(await waitFor(() => byRole(view.container, 'button', '错误日志 (3)')));
    const dialog = await viewer();
    const table = dialog.getByRole('table', { name: '错误日志列表' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).to.deep.equal(['类型', '地址', '信息', '时间', '详情']);
    const rows = within(table)
      .getAllByRole('row')
      .filter((r) => !r.hidden && r.querySelector('td'));
    expect(rows.map((r) => r.querySelector('td')!.textContent)).to.deep.equal([
      'error',
      'http',
      'ChunkLoadError',
    ]);
    // Markup in a message is shown as it is, never made into elements.
    expect(within(rows[0]!).getByText('<img src=x onerror="window.hacked=1">')).to.exist;
    expect(table.querySelector('img')).to.equal(null);
    expect(rows[0]!.textContent).to.contain('无堆栈');
    expect(rows[2]!.textContent).to.match(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);

    const toggle = within(rows[2]!).getByRole('button', { name: /堆栈/ });
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(details.hidden).to.equal(true);
    fireEvent.click(toggle);
    await waitFor(() => toggle.getAttribute('aria-expanded') === 'true');
    expect(details.hidden).to.equal(false);
    expect(details.querySelector('pre')!.textContent).to.equal('ChunkLoadError: x\n    at load');
    fireEvent.click(toggle);
    await waitFor(() => details.hidden);
  });

  it('sends the entries not sent yet after a confirmation, once each', async () => {
    const { view, log, posted, toasts } = setup();
    cleanup = view.unmount;
    addEntries(log);
    fireEvent.click(await waitFor(() => byRole(view.container, 'button', '错误日志 (3)')));
    const dialog = await viewer();
    expect(dialog.getByText('共 3 条，3 条未发送')).to.exist;

    fireEvent.click(dialog.getByRole('button', { name: '发送日志' }));
    await answerConfirm('将 3 条未发送的错误日志发送到服务器？', '取消');
    await new Promise((r) => setTimeout(r, 50));
    expect(posted).to.deep.equal([]);

    fireEvent.click(dialog.getByRole('button', { name: '发送日志' }));
    await answerConfirm('将 3 条未发送的错误日志发送到服务器？', '确定');
    await waitFor(() => toasts.find(([kind, text]) => kind === 'success' && text === '已发送 3 条错误日志'));
    expect(posted).to.have.length(1);
    const body = posted[0] as Record<string, string>[];
    expect(body.map((e) => e.type)).to.deep.equal(['ChunkLoadError', 'http', 'error']);
    expect(Object.keys(body[0]!).sort()).to.deep.equal(['info', 'message', 'stack', 'time', 'type', 'url']);
    await waitFor(() => dialog.queryByText('共 3 条，0 条未发送'));
    expect(dialog.getAllByText('已发送')).to.have.length(3);
    expect((dialog.getByRole('button', { name: '发送日志' }) as HTMLButtonElement).disabled).to.equal(true);
  });

  it('shows the server message when the upload is refused, and keeps the entries to send again', async () => {
    const { view, log, toasts } = setup({ upload: () => failure({ code: 400, msg: '日志内容不合法' }) });
    cleanup = view.unmount;
    addEntries(log);
    fireEvent.click(await waitFor(() => byRole(view.container, 'button', '错误日志 (3)')));
    const dialog = await viewer();
    fireEvent.click(dialog.getByRole('button', { name: '发送日志' }));
    await answerConfirm('将 3 条未发送的错误日志发送到服务器？', '确定');
    const alert = await waitFor(() => byRole(document.body, 'alert', '发送失败：日志内容不合法'));
    expect(alert).to.exist;
    expect(toasts).to.deep.include(['error', '日志内容不合法']);
    // Nothing was marked sent; the refused call is itself logged.
    expect(log.entries().filter((e) => !e.uploaded).length).to.be.at.least(3);
    expect((dialog.getByRole('button', { name: '发送日志' }) as HTMLButtonElement).disabled).to.equal(false);
  });

  it('clears the log after a confirmation: the empty state, and the count gone from the button', async () => {
    const { view, log, toasts } = setup();
    cleanup = view.unmount;
    addEntries(log);
    fireEvent.click(await waitFor(() => byRole(view.container, 'button', '错误日志 (3)')));
    const dialog = await viewer();
    fireEvent.click(dialog.getByRole('button', { name: '清空日志' }));
    await answerConfirm('清空全部 3 条错误日志？清空后无法恢复。', '确定');
    await waitFor(() => dialog.queryByText('暂无错误日志'));
    expect(dialog.queryByRole('table')).to.equal(null);
    expect(log.entries()).to.deep.equal([]);
    expect(toasts).to.deep.include(['success', '错误日志已清空']);
    expect(byRole(view.container, 'button', '错误日志')).to.not.equal(null);
    expect(view.container.querySelector('.ops-error-log__badge')).to.equal(null);
    expect((dialog.getByRole('button', { name: '清空日志' }) as HTMLButtonElement).disabled).to.equal(true);
  });

  it('speaks English', async () => {
    const { view, log } = setup({ lang: 'en' });
    cleanup = view.unmount;
    addEntries(log);
    fireEvent.click(await waitFor(() => byRole(view.container, 'button', 'Error log (3)')));
    const dialog = await viewer();
    expect(dialog.getByText('3 in all, 3 not sent')).to.exist;
    expect(dialog.getByRole('button', { name: 'Send logs' })).to.exist;
    expect(dialog.getByRole('button', { name: 'Clear logs' })).to.exist;
    expect(dialog.getAllByRole('button', { name: /^Stack of ChunkLoadError at / })).to.have.length(1);
  });
});
