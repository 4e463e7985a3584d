import { expect } from '@esm-bundle/chai';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { useState } from 'react';
import {
  cleanup,
  findByShadowRole,
  getByShadowRole,
  press,
  queryByShadowRole,
  render,
  shadowHost,
  sleep,
} from '../../test-support';
import { Button } from '../button/button';
import { ConfirmDialog, confirm, confirmWithCountdown } from './confirm';
import { DIALOG_WIDTH, Dialog } from './dialog';

function Harness({
  onClose,
  initiallyOpen = true,
}: {
  onClose: (source: string) => void;
  initiallyOpen?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        label="切换站点"
        width={DIALOG_WIDTH.siteSwitch}
        onClose={(source) => {
          onClose(source);
          setOpen(false);
        }}
        footer={<Button>Done</Button>}
      >
        <p>Body text</p>
      </Dialog>
    </>
  );
}

/** The open dialog named `name` (its role="dialog" panel inside `<sl-dialog>`). */
const openDialog = (container: HTMLElement, name: string) => findByShadowRole(container, 'dialog', { name });
const isOpen = (container: HTMLElement, name: string) =>
  queryByShadowRole(container, 'dialog', { name }) !== null;

describe('Dialog', () => {
  afterEach(cleanup);

  // First in this file: nothing has loaded Shoelace yet.
  it('renders nothing while closed, and opens once its Shoelace has loaded', async () => {
    const { container } = await render(<Harness onClose={() => {}} initiallyOpen={false} />);
    expect(container.textContent).to.equal('Open');
    expect(container.querySelector('sl-dialog')).to.equal(null);
    expect(customElements.get('sl-dialog'), 'no Shoelace for a closed dialog').to.equal(undefined);
    fireEvent.click(within(container).getByRole('button', { name: 'Open' }));
    const panel = await openDialog(container, '切换站点');
    expect(customElements.get('sl-dialog')).to.not.equal(undefined);
    expect(within(shadowHost(panel)).getByText('Body text')).to.exist;
  });

  it('adds no banner landmark beside the page’s top bar (its title row is only a heading row)', async () => {
    const { container } = await render(<Harness onClose={() => {}} />);
    await openDialog(container, '切换站点');
    await waitFor(() => expect(queryByShadowRole(container, 'banner')).to.equal(null));
    expect(getByShadowRole(container, 'heading', { name: '切换站点' })).to.not.equal(null);
  });

  it('closes and then renders nothing again', async () => {
    const { container } = await render(<Harness onClose={() => {}} />);
    await openDialog(container, '切换站点');
    await press('Escape');
    await waitFor(() => expect(container.querySelector('sl-dialog')).to.equal(null));
    expect(container.textContent).to.equal('Open');
  });

  it('opens with its label as title and the width in percent', async () => {
    const { container } = await render(<Harness onClose={() => {}} />);
    const panel = await openDialog(container, '切换站点');
    expect(within(shadowHost(panel)).getByRole('button', { name: 'Done' })).to.exist;
    expect(within(shadowHost(panel)).getByText('Body text')).to.exist;
    // Once its opening animation (a slight zoom) has run.
    await waitFor(() =>
      expect(Math.round(panel.getBoundingClientRect().width)).to.equal(Math.round(window.innerWidth * 0.7)),
    );
  });

  it('closes through onClose on Esc and stays open when the overlay is clicked', async () => {
    const sources: string[] = [];
    const { container } = await render(<Harness onClose={(s) => sources.push(s)} />);
    const panel = await openDialog(container, '切换站点');
    const overlay = (panel.getRootNode() as ShadowRoot).querySelector('[part=overlay]')!;
    fireEvent.click(overlay);
    await sleep(50);
    expect(sources).to.deep.equal([]);
    expect(isOpen(container, '切换站点')).to.equal(true);
    await press('Escape');
    await waitFor(() => expect(sources).to.deep.equal(['keyboard']));
    await waitFor(() => expect(isOpen(container, '切换站点')).to.equal(false));
  });

  it('hears Esc again after a close it kept open (a question asked, then cancelled)', async () => {
    const sources: string[] = [];
    function KeepsOpen() {
      return (
        <Dialog open label="告警消息" onClose={(source) => sources.push(source)}>
          <p>Body text</p>
        </Dialog>
      );
    }
    const { container } = await render(<KeepsOpen />);
    await openDialog(container, '告警消息');
    await press('Escape');
    await waitFor(() => expect(sources).to.deep.equal(['keyboard']));
    await press('Escape');
    await waitFor(() => expect(sources).to.deep.equal(['keyboard', 'keyboard']));
    expect(isOpen(container, '告警消息')).to.equal(true);
  });

  it('gives the focus to `returnFocus` after a question closed it, when nothing can take it back', async () => {
    // A dialog that opened by itself (nothing had the focus), closed by confirming a question: the focus
    // would fall to the page's body.
    function Asks() {
      const [open, setOpen] = useState(true);
      const onClose = async () => {
        if (await confirm({ title: '确认关闭', message: '还有未读告警', confirmText: '关闭' }))
          setOpen(false);
      };
      return (
        <>
          <button type="button">通知</button>
          <Dialog
            open={open}
            label="告警消息"
            onClose={() => void onClose()}
            returnFocus={() => within(document.body).getByRole('button', { name: '通知' })}
          >
            <p>Body text</p>
          </Dialog>
        </>
      );
    }
    const { container } = await render(<Asks />);
    await openDialog(container, '告警消息');
    await press('Escape');
    const question = await findByShadowRole(document.body, 'dialog', { name: '确认关闭' });
    // Enter on the question's confirm button, as a keyboard user closes it.
    getByShadowRole(shadowHost(question), 'button', { name: '关闭' }).focus();
    await press('Enter');
    await waitFor(() => expect(container.querySelector('sl-dialog')).to.equal(null));
    await waitFor(() =>
      expect(document.activeElement?.textContent, 'the focus is on the bell').to.equal('通知'),
    );
  });

  it('leaves the focus on the opener when Shoelace gave it back (`returnFocus` is only the fallback)', async () => {
    function Opens() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <button type="button">Elsewhere</button>
          <Dialog
            open={open}
            label="切换站点"
            onClose={() => setOpen(false)}
            returnFocus={() => within(document.body).getByRole('button', { name: 'Elsewhere' })}
          >
            <p>Body text</p>
          </Dialog>
        </>
      );
    }
    const { container } = await render(<Opens />);
    const opener = within(container).getByRole('button', { name: 'Open' });
    opener.focus();
    await press('Enter');
    await openDialog(container, '切换站点');
    await press('Escape');
    await waitFor(() => expect(container.querySelector('sl-dialog')).to.equal(null));
    await waitFor(() => expect(document.activeElement).to.equal(opener));
    await sleep(50);
    expect(document.activeElement, 'still on the opener').to.equal(opener);
  });

  it('by keyboard only: Esc asks, Esc cancels the question (asking once), Esc asks again', async () => {
    let asked = 0;
    function Asks() {
      const [open, setOpen] = useState(true);
      const onClose = async () => {
        asked += 1;
        if (await confirm({ title: '关闭告警消息', message: '还有未读告警' })) setOpen(false);
      };
      return (
        <Dialog open={open} label="告警消息" onClose={() => void onClose()}>
          <p>Body text</p>
        </Dialog>
      );
    }
    const { container } = await render(<Asks />);
    await openDialog(container, '告警消息');
    await press('Escape');
    await findByShadowRole(document.body, 'dialog', { name: '关闭告警消息' });
    await press('Escape');
    await waitFor(() =>
      expect(queryByShadowRole(document.body, 'dialog', { name: '关闭告警消息' })).to.equal(null),
    );
    await sleep(100);
    expect(asked).to.equal(1);
    expect(isOpen(container, '告警消息')).to.equal(true);
    await press('Escape');
    await findByShadowRole(document.body, 'dialog', { name: '关闭告警消息' });
    expect(asked).to.equal(2);
  });

  /** Runs `body` with <html lang> set (Shoelace names its own controls after it), then restores it. */
  async function withLang(lang: string, body: () => Promise<void>) {
    const before = document.documentElement.lang;
    document.documentElement.lang = lang;
    try {
      await body();
    } finally {
      document.documentElement.lang = before;
    }
  }

  it('closes through onClose from the header close button', () =>
    withLang('en', async () => {
      const sources: string[] = [];
      const { container } = await render(<Harness onClose={(s) => sources.push(s)} />);
      const panel = await openDialog(container, '切换站点');
      fireEvent.click(getByShadowRole(panel, 'button', { name: 'Close dialog' }));
      expect(sources).to.deep.equal(['close-button']);
      await waitFor(() => expect(isOpen(container, '切换站点')).to.equal(false));
    }));

  it('names the header close button in the page language (zh-CN: 关闭对话框)', () =>
    withLang('zh-CN', async () => {
      const { container } = await render(<Harness onClose={() => {}} />);
      const panel = await openDialog(container, '切换站点');
      await waitFor(() => getByShadowRole(panel, 'button', { name: '关闭对话框' }));
    }));
});

describe('ConfirmDialog and confirm()', () => {
  afterEach(cleanup);

  it('resolves true when the user confirms and removes its dialog', async () => {
    const answer = confirm({ title: '删除', message: '确定删除该站点？', confirmText: '删除' });
    const dialog = shadowHost(await openDialog(document.body, '删除'));
    expect(within(dialog).getByText('确定删除该站点？')).to.exist;
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    expect(await answer).to.equal(true);
    await waitFor(() => expect(isOpen(document.body, '删除')).to.equal(false));
    await waitFor(() => expect(dialog.isConnected).to.equal(false));
  });

  it('resolves false on cancel', async () => {
    const answer = confirm({ title: 'Send logs', message: 'Send?', cancelText: 'No' });
    const dialog = shadowHost(await openDialog(document.body, 'Send logs'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(await answer).to.equal(false);
  });

  it('counts down live and resolves false when the time is up', async () => {
    const answer = confirmWithCountdown({
      title: '登录冲突',
      message: '账号已在别处登录，是否强制登录？',
      countdown: 2,
    });
    const dialog = shadowHost(await openDialog(document.body, '登录冲突'));
    const timer = within(dialog).getByRole('timer');
    expect(timer.textContent).to.equal('2 秒后自动取消');
    await waitFor(() => expect(timer.textContent).to.equal('1 秒后自动取消'), { timeout: 2000 });
    const started = performance.now();
    expect(await answer).to.equal(false);
    expect(performance.now() - started).to.be.lessThan(1500);
  });

  it('countdown variant starts at 30 seconds by default, with the default title and buttons', async () => {
    let result: boolean | null = null;
    const { container } = await render(
      <ConfirmDialog open countdown={30} message="强制登录？" onResult={(r) => (result = r)} />,
    );
    const dialog = shadowHost(await openDialog(container, '提示'));
    expect(within(dialog).getByRole('timer').textContent).to.equal('30 秒后自动取消');
    expect(within(dialog).getByRole('button', { name: '取消' })).to.exist;
    await sleep(300);
    expect(result).to.equal(null);
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(result).to.equal(true);
  });
});
