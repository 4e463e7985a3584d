import { expect } from '@esm-bundle/chai';
import { allByRole, cleanup, click, getByRole, inAct, render, sleep, waitFor } from '../test-support';
import { message } from './message';
import { MessageHost } from './message-host';

describe('message toasts', () => {
  afterEach(async () => {
    await inAct(() => message.closeAll());
    await cleanup();
  });

  it('shows success and info as status, warning and error as alert, stacked in order', async () => {
    const { container } = await render(<MessageHost />);
    await inAct(() => {
      message.success('保存成功');
      message.info('正在同步');
      message.warning('请先选择站点');
      message.error('请求超时，请检查网络连接');
    });
    const statuses = allByRole(container, 'status').map((el) => el.textContent);
    const alerts = allByRole(container, 'alert').map((el) => el.textContent);
    expect(statuses).to.deep.equal(['✓保存成功', 'i正在同步']);
    expect(alerts).to.deep.equal(['!请先选择站点', '✕请求超时，请检查网络连接']);
    const toasts = [...container.querySelectorAll('.ops-message')];
    const tops = toasts.map((el) => el.getBoundingClientRect().top);
    expect(tops).to.deep.equal([...tops].sort((a, b) => a - b));
    expect(new Set(tops).size).to.equal(4);
  });

  it('goes away after 2 s by default and after a custom duration', async () => {
    const { container } = await render(<MessageHost />);
    await inAct(() => {
      message.success('默认时长');
      message.info('短', { duration: 300 });
    });
    await waitFor(() => allByRole(container, 'status').length === 1, 1000);
    expect(allByRole(container, 'status')[0].textContent).to.contain('默认时长');
    await sleep(1200);
    expect(allByRole(container, 'status')).to.have.length(1);
    await waitFor(() => allByRole(container, 'status').length === 0, 1500);
  });

  it('closes from its close button and from the returned handle', async () => {
    const { container } = await render(<MessageHost />);
    let handle = { close() {} };
    await inAct(() => {
      message.error('连接断开', { duration: 0, showClose: true });
      handle = message.info('稍候', { duration: 0 });
    });
    await click(getByRole(getByRole(container, 'alert'), 'button', '关闭'));
    expect(allByRole(container, 'alert')).to.have.length(0);
    await inAct(() => handle.close());
    expect(allByRole(container, 'status')).to.have.length(0);
  });

  it('shows toasts without a mounted host, once', async () => {
    await inAct(() => message.warning('没有宿主也能显示'));
    const toast = await waitFor(() => getByRole(document.body, 'alert', /没有宿主也能显示/));
    expect(toast.isConnected).to.equal(true);
    const { container } = await render(<MessageHost />);
    await waitFor(() => allByRole(container, 'alert').length === 1);
    expect(allByRole(document.body, 'alert', /没有宿主也能显示/)).to.have.length(1);
  });
});
