import { expect } from '@esm-bundle/chai';
import { manualClock } from '@ops/shared/test-support';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { cleanup, inAct, render } from '../../../ui/test-support';
import { actionHost, type Reply } from '../../test-support/action-host';
import { CanvasBlock } from './canvas';
import { CANVAS_REFRESH_MS, CANVAS_URL } from './canvas-model';
import '../texts';

// The open_canvas block over the console's HTTP client, answered like the reference server; the refresh
// runs on a manual clock.
const canvasOf = (power: number | null) => ({
  id: 'c1',
  name: '飞来峡主接线图',
  stationId: 'HS0001',
  station_name: '飞来峡水电站',
  width: 600,
  height: 300,
  elements: [
    { kind: 'bus', x1: 10, y1: 20, x2: 590, y2: 20 },
    { kind: 'unit', x: 100, y: 100, w: 60, h: 60, label: '1号机组' },
    { kind: 'value', x: 170, y: 130, realId: 'HS0001.G1.P', label: '有功', unit: 'MW' },
    { kind: 'teleporter', x: 1, y: 1 },
  ],
  values: { 'HS0001.G1.P': power },
});
const item = {
  func: 'open_canvas',
  name: '主接线',
  station_name: '飞来峡水电站',
  params: { canvasId: 'c1' },
};

async function mount(answer: () => Reply, extra: Record<string, unknown> = {}) {
  const fake = actionHost(answer);
  const clock = manualClock();
  const rendered = await render(<CanvasBlock {...fake.props({ ...item, ...extra })} clock={clock} />);
  return { fake, clock, rendered, view: within(rendered.container) };
}

/** The drawing's texts, as a sighted user reads them off the canvas. */
const texts = (svg: HTMLElement) => Array.from(svg.querySelectorAll('text'), (t) => t.textContent);

describe('open_canvas block', () => {
  afterEach(cleanup);

  it('draws the canvas as an image named by the canvas, with each bound point’s value', async () => {
    const { fake, view } = await mount(() => ({ data: canvasOf(31.756) }));
    const block = view.getByRole('region', { name: '主接线' });
    const svg = await waitFor(() => within(block).getByRole('img', { name: '飞来峡主接线图' }));
    expect(fake.calls).to.deep.equal([{ url: CANVAS_URL, params: { id: 'c1' } }]);
    expect(texts(svg)).to.deep.equal(['1号机组', '有功 31.76 MW']);
    // One element per known kind, each with its kind's class (the colours are the stylesheet's).
    expect(Array.from(svg.children, (el) => el.getAttribute('class'))).to.deep.equal([
      'ops-canvas__bus',
      'ops-canvas__unit',
      'ops-canvas__label',
      'ops-canvas__value',
    ]);
    expect(svg.getAttribute('viewBox')).to.equal('0 0 600 300');
  });

  it('reads the values again every 10 s while shown, and stops when unmounted', async () => {
    let power: number | null = 31.7;
    const { fake, clock, rendered, view } = await mount(() => ({ data: canvasOf(power) }));
    const svg = await waitFor(() => view.getByRole('img', { name: '飞来峡主接线图' }));
    power = 42;
    await inAct(() => clock.advance(CANVAS_REFRESH_MS - 1));
    expect(fake.calls).to.have.length(1);
    await inAct(() => clock.advance(1));
    await waitFor(() => expect(texts(svg)).to.include('有功 42 MW'));
    expect(fake.calls).to.have.length(2);
    power = null;
    await inAct(() => clock.advance(CANVAS_REFRESH_MS));
    await waitFor(() => expect(texts(svg)).to.include('有功 --'));
    await rendered.unmount();
    expect(clock.pending()).to.equal(0);
    clock.advance(CANVAS_REFRESH_MS * 3);
    expect(fake.calls).to.have.length(3);
  });

  it('stops refreshing when the host’s signal ends', async () => {
    const { fake, clock, view } = await mount(() => ({ data: canvasOf(1) }));
    await waitFor(() => view.getByRole('img', { name: '飞来峡主接线图' }));
    fake.end();
    expect(clock.pending()).to.equal(0);
    clock.advance(CANVAS_REFRESH_MS * 2);
    expect(fake.calls).to.have.length(1);
  });

  it('shows an unknown canvas as a failure in the block, and loads again on retry', async () => {
    let refuse = true;
    const { view } = await mount(() => (refuse ? { status: 404, msg: '画面不存在' } : { data: canvasOf(5) }));
    const block = view.getByRole('region', { name: '主接线' });
    const alert = await waitFor(() => within(block).getByRole('alert'));
    expect(alert.textContent).to.equal('组态画面加载失败: 画面不存在');
    expect(within(block).queryAllByRole('img')).to.have.length(0);
    refuse = false;
    fireEvent.click(within(block).getByRole('button', { name: '重新加载' }));
    await waitFor(() => within(block).getByRole('img', { name: '飞来峡主接线图' }));
    expect(within(block).queryAllByRole('alert')).to.have.length(0);
  });

  it('keeps the last drawing when a refresh fails, and says so', async () => {
    let fail = false;
    const { clock, view } = await mount(() =>
      fail ? { status: 500, msg: '服务异常' } : { data: canvasOf(7) },
    );
    const svg = await waitFor(() => view.getByRole('img', { name: '飞来峡主接线图' }));
    fail = true;
    await inAct(() => clock.advance(CANVAS_REFRESH_MS));
    const alert = await waitFor(() => view.getByRole('alert'));
    expect(alert.textContent).to.match(/^组态画面加载失败/);
    expect(texts(svg)).to.include('有功 7 MW');
    view.getByRole('img', { name: '飞来峡主接线图' });
  });

  it('says so when the item names no canvas, asking nothing', async () => {
    const { fake, view } = await mount(() => ({ data: canvasOf(1) }), { params: {}, name: '', label: '' });
    const block = view.getByRole('region', { name: '组态画面' });
    expect(within(block).getByRole('alert').textContent).to.equal('回答没有指明组态画面');
    expect(fake.calls).to.have.length(0);
  });
});
