import { expect } from '@esm-bundle/chai';
import { fireEvent, screen, waitFor, within } from '@testing-library/dom';
import { cleanup, inAct, render, sleep } from '../../test-support';
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
    const statuses = within(container)
      .getAllByRole('status')
      .map((el) => el.textContent);
    const alerts = within(container)
      .getAllByRole('alert')
      .map((el) => el.textContent);
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
    const statuses = () => within(container).queryAllByRole('status');
    await waitFor(() => expect(statuses()).to.have.length(1), { timeout: 1000 });
    expect(statuses()[0].textContent).to.contain('默认时长');
    await sleep(1200);
    expect(statuses()).to.have.length(1);
    await waitFor(() => expect(statuses()).to.have.length(0), { timeout: 1500 });
  });

  it('closes from its close button and from the returned handle', async () => {
    const { container } = await render(<MessageHost />);
    let handle = { close() {} };
    await inAct(() => {
      message.error('连接断开', { duration: 0, showClose: true });
      handle = message.info('稍候', { duration: 0 });
    });
    const alert = within(container).getByRole('alert');
    expect(within(container).getByRole('status').textContent).to.contain('稍候');
    fireEvent.click(within(alert).getByRole('button', { name: '关闭' }));
    expect(within(container).queryAllByRole('alert')).to.have.length(0);
    await inAct(() => handle.close());
    expect(within(container).queryAllByRole('status')).to.have.length(0);
  });

  it('shows toasts without a mounted host, once', async () => {
    await inAct(() => message.warning('没有宿主也能显示'));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).to.contain('没有宿主也能显示');
    const { container } = await render(<MessageHost />);
    await waitFor(() => expect(within(container).queryAllByRole('alert')).to.have.length(1));
    expect(screen.getAllByRole('alert')).to.have.length(1);
  });
});
