import { expect } from '@esm-bundle/chai';
import { type Http, HttpError, setLanguage } from '@ops/shared';
import { fireEvent, queryAllByRole, within } from '@testing-library/dom';
import { byRole, drawnSeries, waitFor } from '../../../../test/support/dom';
import {
  rowsOf as bodyRows,
  cellTexts,
  cleanUp,
  fakeClient,
  type Handler,
  HOUR,
  hourlyHistory,
  mountAt,
  render,
} from '../test-support/mount';
import { URLS } from './api';
import { timeText } from './history';
import { dayStartText, REFRESH_MS } from './visual';
import { type ScreenClock, VisualPage } from './visual-page';

// The big-screen overview against a fake `http` that answers like the reference server (docs/api.md
// sections 7, 9 and 16): two storage stations, the second with a converter whose data stopped an hour ago.

const STATIONS = [
  { id: '1', stationId: 'ES0001', deptName: '前海储能电站', remark: 'Qianhai BESS, 50 MW / 100 MWh' },
  { id: '2', stationId: 'ES0002', deptName: '宝安储能电站', remark: 'Baoan BESS, 20 MW / 40 MWh' },
];

function devicesOf(stationId: unknown) {
  const now = Date.now();
  const fresh = now - (now % 300_000);
  const pcs = (n: number, p: number, ts: number) => ({
    id: `${stationId}-${n}`,
    deviceCode: `${stationId}-PCS${n}`,
    deviceName: `${n}号储能变流器`,
    deviceType: 'pcs',
    points: [
      { realId: `${stationId}.PCS${n}.P`, name: '有功功率', unit: 'MW', value: p, ts },
      { realId: `${stationId}.PCS${n}.SOC`, name: '荷电状态', unit: '%', value: 50 + n * 10, ts },
    ],
  });
  return stationId === 'ES0001'
    ? [pcs(1, 10.5, fresh), pcs(2, 12.25, fresh)]
    : [pcs(1, -4, fresh), pcs(2, 3, fresh - HOUR)];
}

/** A fake of the console's client: answers the screen's calls, recording each. */
function fakeHttp(overrides: Partial<Record<string, Handler>> = {}) {
  return fakeClient({
    [URLS.stations]: () => ({ records: STATIONS, total: STATIONS.length }),
    [URLS.devices]: (p) => devicesOf(p.stationId),
    [URLS.history]: (p) => hourlyHistory(p, (i) => 5 + (i % 4)),
    [URLS.alarms]: () => ({
      records: [
        {
          id: '7',
          subject: 'SOC 越限',
          content: '<b>宝安储能电站</b> SOC 低于 10%',
          status: 0,
          pushTime: '2026-06-01 10:05:00',
        },
        {
          id: '3',
          subject: '通讯中断',
          content: '前海储能电站 远动通讯中断',
          status: 1,
          pushTime: '2026-06-01 08:00:00',
        },
      ],
      total: 3,
    }),
    ...overrides,
  } as Record<string, Handler>);
}

const mount = (http: Http) => mountAt('/station-monitor/visual/index', http);

/** A clock that moves only when told to: `advance` runs the intervals that fall due. */
function manualClock(start: number) {
  let now = start;
  const timers = new Set<{ fn: () => void; ms: number; at: number }>();
  const clock: ScreenClock & { advance(ms: number): void; pending(): number } = {
    now: () => now,
    setInterval(fn, ms) {
      const timer = { fn, ms, at: now + ms };
      timers.add(timer);
      return () => {
        timers.delete(timer);
      };
    },
    advance(ms) {
      now += ms;
      for (const timer of timers) {
        while (timer.at <= now) {
          timer.at += timer.ms;
          timer.fn();
        }
      }
    },
    pending: () => timers.size,
  };
  return clock;
}

/** The figures list's items as "label value" texts. */
const figureTexts = (main: HTMLElement, name: string) =>
  queryAllByRole(byRole(main, 'list', name)!, 'listitem').map((li) =>
    [...li.children].map((c) => c.textContent?.trim()).join(' | '),
  );
const rowsOf = (main: HTMLElement, caption: string) => bodyRows(main, caption).map(cellTexts);

describe('station monitor: the big-screen overview', function () {
  this.timeout(20000);
  const initialPath = location.pathname + location.search;

  afterEach(() => cleanUp(initialPath));

  it('shows the figures, the stations with their status and the first station’s power line', async () => {
    const { http, callsTo } = fakeHttp();
    const before = Date.now();
    const { view, main } = mount(http);
    expect(view.getByRole('heading', { level: 2 }).textContent).to.equal('储能总览大屏');
    await waitFor(() => byRole(main, 'table', '电站运行状态'));
    expect(figureTexts(main, '关键指标')).to.deep.equal([
      '电站数量 | 2 座',
      '装机容量 | 70 MW | 储能容量 140 MWh',
      '在线设备 | 3 台',
      '离线设备 | 1 台',
      '当前总功率 | 18.75 MW | 正值放电，负值充电',
      '今日告警 | 3 条',
    ]);
    expect(rowsOf(main, '电站运行状态').map((cells) => cells.slice(0, 6))).to.deep.equal([
      ['前海储能电站', '50 MW', '2 / 2', '22.75 MW', '65 %', '正常'],
      ['宝安储能电站', '20 MW', '1 / 2', '-4 MW', '60 %', '部分离线'],
    ]);
    // Today's alarm messages, counted by the server (Beijing time).
    expect(callsTo(URLS.alarms)[0]?.params).to.deep.equal({
      current: 1,
      size: 5,
      businessClassify: 'alarm',
      startTime: dayStartText(before),
    });
    expect(callsTo(URLS.devices).map((c) => c.params.stationId)).to.deep.equal(['ES0001', 'ES0002']);
    // Today's newest alarms, server texts as text.
    expect(rowsOf(main, '今日最新告警')).to.deep.equal([
      ['10:05', 'SOC 越限', '<b>宝安储能电站</b> SOC 低于 10%'],
      ['08:00', '通讯中断', '前海储能电站 远动通讯中断'],
    ]);

    // The first station's active power: its converters' lines, the last 24 hours and the next 6.
    const figure = await waitFor(() => view.queryByRole('figure', { name: '前海储能电站 有功功率' }), 10000);
    expect(view.getByRole('heading', { level: 3, name: '前海储能电站 有功功率' }).tagName).to.equal('H3');
    const history = callsTo(URLS.history);
    expect(history.map((c) => c.params.realId)).to.deep.equal(['ES0001.PCS1.P', 'ES0001.PCS2.P']);
    expect(Number(history[0]!.params.endTime) - Number(history[0]!.params.beginTime)).to.equal(30 * HOUR);
    await waitFor(() => drawnSeries(figure) === '实测,预测', 10000);
    expect(view.getByText(/近 24 小时实测与未来 6 小时预测/).tagName).to.equal('P');
  });

  it('draws the power line of the station chosen in the list', async () => {
    const { http, callsTo } = fakeHttp();
    const { view } = mount(http);
    await waitFor(() => view.queryByRole('figure', { name: '前海储能电站 有功功率' }), 10000);
    expect(view.getByRole('button', { name: '前海储能电站' }).getAttribute('aria-pressed')).to.equal('true');
    fireEvent.click(view.getByRole('button', { name: '宝安储能电站' }));
    await waitFor(() => view.queryByRole('figure', { name: '宝安储能电站 有功功率' }), 10000);
    expect(
      callsTo(URLS.history)
        .slice(2)
        .map((c) => c.params.realId),
    ).to.deep.equal(['ES0002.PCS1.P', 'ES0002.PCS2.P']);
    expect(Boolean(view.queryByRole('figure', { name: '前海储能电站 有功功率' }))).to.equal(false);
    expect(view.getByRole('button', { name: '宝安储能电站' }).getAttribute('aria-pressed')).to.equal('true');
    expect(view.getByRole('button', { name: '前海储能电站' }).getAttribute('aria-pressed')).to.equal('false');
  });

  it('reads everything again every five minutes, the last answer staying meanwhile', async () => {
    const clock = manualClock(Date.now());
    let answer: ((value: unknown) => void) | null = null;
    const { http, callsTo } = fakeHttp({
      [URLS.stations]: () =>
        callsTo(URLS.stations).length === 1
          ? { records: STATIONS, total: 2 }
          : new Promise((resolve) => {
              answer = resolve;
            }),
    });
    history.pushState(null, '', '/station-monitor/visual/index');
    const { main, root: r } = render(
      <VisualPage http={http} signal={new AbortController().signal} clock={clock} />,
    );
    await waitFor(() => byRole(main, 'table', '电站运行状态'));
    const shown = (text: string) => Boolean(within(main).queryByText(text));
    const time = (at: number) => `数据时间 ${timeText(at)}`;
    const first = clock.now();
    expect(shown(time(first))).to.equal(true);

    clock.advance(REFRESH_MS - 1);
    expect(callsTo(URLS.stations)).to.have.length(1);
    clock.advance(1);
    await waitFor(() => callsTo(URLS.stations).length === 2);
    // Refreshing: the figures and the list stay on the screen.
    await waitFor(() => shown('正在刷新…'));
    expect(figureTexts(main, '关键指标')[0]).to.equal('电站数量 | 2 座');
    expect(rowsOf(main, '电站运行状态')).to.have.length(2);
    expect(callsTo(URLS.alarms)).to.have.length(2);
    (answer as unknown as (value: unknown) => void)({ records: STATIONS.slice(0, 1), total: 1 });
    await waitFor(() => rowsOf(main, '电站运行状态').length === 1);
    expect(figureTexts(main, '关键指标')[0]).to.equal('电站数量 | 1 座');
    expect(shown(time(first + REFRESH_MS))).to.equal(true);

    r.unmount();
    expect(clock.pending()).to.equal(0);
  });

  it('says it is loading until the answers come', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { http } = fakeHttp({
      [URLS.stations]: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const { main } = mount(http);
    await waitFor(() => byRole(main, 'status', '正在加载…'));
    expect(Boolean(byRole(main, 'list', '关键指标'))).to.equal(false);
    answer({ records: STATIONS, total: 2 });
    await waitFor(() => byRole(main, 'table', '电站运行状态'));
    expect(figureTexts(main, '关键指标')[0]).to.equal('电站数量 | 2 座');
  });

  it('says so when the tenant has no stations', async () => {
    const { http, callsTo } = fakeHttp({
      [URLS.stations]: () => ({ records: [], total: 0 }),
      [URLS.alarms]: () => ({ records: [], total: 0 }),
    });
    const { view, main } = mount(http);
    await waitFor(() => view.queryByText('当前租户没有电站'));
    expect(figureTexts(main, '关键指标')[5]).to.equal('今日告警 | 0 条');
    expect(figureTexts(main, '关键指标')[0]).to.equal('电站数量 | 0 座');
    expect(Boolean(byRole(main, 'table', '电站运行状态'))).to.equal(false);
    expect(callsTo(URLS.history)).to.have.length(0);
  });

  it('shows why the screen failed to load, and loads it again on Retry', async () => {
    let fail = true;
    const { http } = fakeHttp({
      [URLS.devices]: (p) =>
        fail ? new HttpError('response', 404, 404, '电站不存在', undefined) : devicesOf(p.stationId),
    });
    const { view, main } = mount(http);
    await waitFor(() => byRole(main, 'alert', '加载失败：电站不存在'));
    expect(Boolean(byRole(main, 'list', '关键指标'))).to.equal(false);
    fail = false;
    fireEvent.click(view.getByRole('button', { name: '重试' }));
    await waitFor(() => byRole(main, 'list', '关键指标'));
    expect(Boolean(byRole(main, 'alert', '加载失败：电站不存在'))).to.equal(false);
  });

  it('shows why the power line failed to load, the figures staying', async () => {
    const { http } = fakeHttp({
      [URLS.history]: () => new HttpError('response', 404, 404, '测点不存在', undefined),
    });
    const { main } = mount(http);
    await waitFor(() => byRole(main, 'alert', '加载失败：测点不存在'));
    expect(figureTexts(main, '关键指标')).to.have.length(6);
    expect(queryAllByRole(main, 'figure')).to.have.length(0);
  });

  it('speaks English', async () => {
    setLanguage('en');
    const { http } = fakeHttp({ [URLS.alarms]: () => ({ records: [], total: 1234 }) });
    const { view, main } = mount(http);
    expect(view.getByRole('heading', { level: 2 }).textContent).to.equal('Storage overview screen');
    await waitFor(() => byRole(main, 'table', 'Station status'));
    const figures = figureTexts(main, 'Key figures');
    expect(figures[0]).to.equal('Stations | 2 stations');
    expect(figures[3]).to.equal('Devices offline | 1 device');
    expect(figures[5]).to.equal("Today's alarms | 1,234 alarms");
    expect(byRole(main, 'table', "Today's latest alarms")?.textContent).to.contain('No alarms today');
    expect(rowsOf(main, 'Station status')[1]?.slice(0, 6)).to.deep.equal([
      '宝安储能电站',
      '20 MW',
      '1 / 2',
      '-4 MW',
      '60 %',
      'Partly offline',
    ]);
    await waitFor(() => view.queryByRole('figure', { name: '前海储能电站 active power' }), 10000);
  });
});
