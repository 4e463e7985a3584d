import { expect } from '@esm-bundle/chai';
import { fireEvent, waitFor, within } from '@testing-library/dom';
import { cleanup, render } from '../../../ui/test-support';
import { actionHost, HISTORY_ITEM as item, type Reply } from '../../test-support/action-host';
import { HistoryChartBlock } from './history-chart';
import { HISTORY_URL } from './history-model';
import '../texts';

// The history_data block over the console's HTTP client, answered like the reference server.
const TITLE = '飞来峡水电站 1号机组 有功功率';
const HOUR = 3_600_000;
const line = (points: { ts: number; val: number | null }[]) => ({
  realId: 'HS0001.G1.P',
  name: '有功功率',
  unit: 'MW',
  beginTime: '2026-11-27 00:00:00',
  endTime: '2026-11-28 00:00:00',
  points,
});
const hourly = line(
  Array.from({ length: 24 }, (_, i) => ({ ts: 1_790_000_000_000 + i * HOUR, val: 20 + i })),
);

async function mount(answer: () => Reply, extra: Record<string, unknown> = {}) {
  const fake = actionHost(answer);
  const { container } = await render(<HistoryChartBlock {...fake.props({ ...item, ...extra })} />);
  return { fake, view: within(container) };
}

describe('history_data block', () => {
  afterEach(cleanup);

  it('draws the point’s history titled "station device attr" with its range under it', async () => {
    const { fake, view } = await mount(() => ({ data: hourly }));
    const block = view.getByRole('region', { name: TITLE });
    expect(fake.calls).to.deep.equal([
      {
        url: HISTORY_URL,
        params: { realId: 'HS0001.G1.P', beginTime: '2026-11-27 00:00:00', endTime: '2026-11-28 00:00:00' },
      },
    ]);
    const figure = await waitFor(() => within(block).getByRole('figure', { name: TITLE }), {
      timeout: 10000,
    });
    await waitFor(() => within(figure).getByRole('img', { name: TITLE }), { timeout: 10000 });
    expect(within(figure).queryAllByText('暂无数据')).to.have.length(0);
    within(block).getByText('2026-11-27 00:00:00 至 2026-11-28 00:00:00');
  });

  it('says "no data" for a point without points', async () => {
    const { view } = await mount(() => ({ data: line([]) }));
    const figure = await waitFor(() => view.getByRole('figure', { name: TITLE }));
    expect(within(figure).getByRole('status').textContent).to.equal('暂无数据');
  });

  it('shows a failed load in the block with the server’s reason, and loads again on retry', async () => {
    let refuse = true;
    const { fake, view } = await mount(() =>
      refuse ? { status: 404, msg: '测点不存在' } : { data: hourly },
    );
    const block = view.getByRole('region', { name: TITLE });
    const alert = await waitFor(() => within(block).getByRole('alert'));
    expect(alert.textContent).to.equal('历史数据加载失败: 测点不存在');
    refuse = false;
    fireEvent.click(within(block).getByRole('button', { name: '重新加载' }));
    await waitFor(() => within(block).getByRole('figure', { name: TITLE }));
    expect(within(block).queryAllByRole('alert')).to.have.length(0);
    expect(fake.calls).to.have.length(2);
  });

  it('asks nothing and says "no data" when the item names no point; a label titles the block', async () => {
    const { fake, view } = await mount(() => ({ data: hourly }), { params: {}, label: '功率曲线' });
    const block = view.getByRole('region', { name: '功率曲线' });
    expect(within(block).getByRole('status').textContent).to.equal('暂无数据');
    expect(fake.calls).to.have.length(0);
  });

  it('treats an answer that is not a history line as a failure', async () => {
    const { view } = await mount(() => ({ data: { points: 'none' } }));
    const alert = await waitFor(() => view.getByRole('alert'));
    expect(alert.textContent).to.equal('历史数据加载失败');
  });
});
