import { expect } from '@esm-bundle/chai';
import { useState } from 'react';
import { cleanup, click, getByRole, press, queryByRole, render, sleep, waitFor } from '../test-support';
import { ConfirmDialog, confirm, confirmWithCountdown } from './confirm';
import { DIALOG_WIDTH, Dialog } from './dialog';

type SlDialog = HTMLElement & { open: boolean; label: string };

function Harness({ onClose }: { onClose: (source: string) => void }) {
  const [open, setOpen] = useState(true);
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
        footer={<sl-button>Done</sl-button>}
      >
        <p>Body text</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  afterEach(cleanup);

  it('opens with its label as title and the width in percent', async () => {
    const { container } = await render(<Harness onClose={() => {}} />);
    const dialog = getByRole<SlDialog>(container, 'dialog', '切换站点');
    expect(dialog.open).to.equal(true);
    expect(dialog.style.getPropertyValue('--width')).to.equal('70%');
    expect(getByRole(container, 'button', 'Done')).to.exist;
    await waitFor(() => (dialog.shadowRoot?.querySelector('[part=panel]') as HTMLElement)?.offsetWidth > 0);
    const panel = dialog.shadowRoot!.querySelector('[part=panel]') as HTMLElement;
    expect(Math.round(panel.getBoundingClientRect().width)).to.equal(Math.round(window.innerWidth * 0.7));
  });

  it('closes through onClose on Esc and stays open when the overlay is clicked', async () => {
    const sources: string[] = [];
    const { container } = await render(<Harness onClose={(s) => sources.push(s)} />);
    const dialog = getByRole<SlDialog>(container, 'dialog', '切换站点');
    await waitFor(() => dialog.shadowRoot?.querySelector('[part=overlay]'));
    await click(dialog.shadowRoot!.querySelector('[part=overlay]')!);
    expect(dialog.open).to.equal(true);
    expect(sources).to.deep.equal([]);
    await press('Escape');
    await waitFor(() => sources.length === 1);
    expect(sources).to.deep.equal(['keyboard']);
    expect(dialog.open).to.equal(false);
  });

  it('closes through onClose from the header close button', async () => {
    const sources: string[] = [];
    const { container } = await render(<Harness onClose={(s) => sources.push(s)} />);
    const dialog = getByRole<SlDialog>(container, 'dialog', '切换站点');
    const close = await waitFor(() => dialog.shadowRoot?.querySelector('[part~=close-button]'));
    await click(close);
    expect(sources).to.deep.equal(['close-button']);
    expect(dialog.open).to.equal(false);
  });
});

describe('ConfirmDialog and confirm()', () => {
  afterEach(cleanup);

  const dialogNamed = (name: string) => queryByRole(document.body, 'dialog', name) as SlDialog | null;

  it('resolves true when the user confirms and removes its dialog', async () => {
    const answer = confirm({ title: '删除', message: '确定删除该站点？', confirmText: '删除' });
    const dialog = await waitFor(() => dialogNamed('删除'));
    expect(dialog.textContent).to.contain('确定删除该站点？');
    await click(getByRole(dialog, 'button', '删除'));
    expect(await answer).to.equal(true);
    await waitFor(() => dialogNamed('删除') === null);
  });

  it('resolves false on cancel', async () => {
    const answer = confirm({ title: 'Send logs', message: 'Send?', cancelText: 'No' });
    const dialog = await waitFor(() => dialogNamed('Send logs'));
    await click(getByRole(dialog, 'button', 'No'));
    expect(await answer).to.equal(false);
  });

  it('counts down live and resolves false when the time is up', async () => {
    const answer = confirmWithCountdown({
      title: '登录冲突',
      message: '账号已在别处登录，是否强制登录？',
      countdown: 2,
    });
    const dialog = await waitFor(() => dialogNamed('登录冲突'));
    const timer = getByRole(dialog, 'timer');
    expect(timer.textContent).to.equal('2 秒后自动取消');
    await waitFor(() => timer.textContent === '1 秒后自动取消', 2000);
    const started = performance.now();
    expect(await answer).to.equal(false);
    expect(performance.now() - started).to.be.lessThan(1500);
  });

  it('countdown variant starts at 30 seconds by default', async () => {
    let result: boolean | null = null;
    const { container } = await render(
      <ConfirmDialog
        open
        countdown={30}
        title="登录冲突"
        message="强制登录？"
        onResult={(r) => (result = r)}
      />,
    );
    expect(getByRole(container, 'timer').textContent).to.equal('30 秒后自动取消');
    await sleep(300);
    expect(result).to.equal(null);
    await click(getByRole(container, 'button', '确定'));
    expect(result).to.equal(true);
  });
});
