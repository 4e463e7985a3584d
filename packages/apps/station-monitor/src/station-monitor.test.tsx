import { expect } from '@esm-bundle/chai';
import { HttpError, setLanguage } from '@ops/shared';
import { message } from '@ops/ui';
import { fireEvent, within } from '@testing-library/dom';
import { byRole, drawnSeries, waitFor } from '../../../../test/support/dom';
import {
  cellTexts,
  cleanUp,
  fakeClient,
  type Handler,
  HOUR,
  hourlyHistory,
  mountAt,
  rowsOf,
} from '../test-support/mount';
import { URLS } from './api';

// The station monitor against a fake `http` that answers like the reference server (docs/api.md).
// Assertions never compare a DOM element itself: chai would describe it in a failure's message by walking
// React's internals, which takes forever (the run would hang instead of failing).

const STATIONS = Array.from({ length: 22 }, (_, i) => {
  const n = String(i + 1).padStart(4, '0');
  return {
    id: String(100 + i),
    stationId: `HS${n}`,
    deptName: i === 0 ? '飞来峡水电站' : `${i + 1}号水电站`,
    linkman: i === 0 ? '周强' : `联系人${i + 1}`,
    contactNumber: `1390731${n}`,
    remark: '',
  };
});

const DEVICES = [
  {
    id: '1',
    deviceCode: 'HS0001-G1',
    deviceName: '1号机组',
    deviceType: 'generator',
    points: [
      { realId: 'HS0001.G1.P', name: '有功功率', unit: 'MW', value: 31.75, ts: Date.now() },
      { realId: 'HS0001.G1.TS', name: '定子温度', unit: '℃', value: 61.4, ts: Date.now() },
    ],
  },
  {
    id: '2',
    deviceCode: 'HS0001-DC',
    deviceName: '直流系统',
    deviceType: 'dc',
    points: [{ realId: 'HS0001.DC.TB', name: '蓄电池温度', unit: '℃', value: null, ts: null }],
  },
];

function historyOf(params: Record<string, unknown>) {
  const history = hourlyHistory(params, (i) => 20 + (i % 5));
  return params.realId === 'HS0001.DC.TB' ? { ...history, points: [] } : history;
}

/** A fake of the console's client: answers the app's calls from the tables above, recording each. */
function fakeHttp(overrides: Partial<Record<string, Handler>> = {}) {
  return fakeClient({
    [URLS.stations]: (p) => {
      const like = (value: string, part: unknown) => !part || value.includes(String(part));
      const rows = STATIONS.filter(
        (s) => like(s.stationId, p.stationId) && like(s.deptName, p.deptName) && like(s.linkman, p.linkman),
      );
      const size = Number(p.size);
      const current = Number(p.current);
      return { records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current };
    },
    [URLS.devices]: () => DEVICES,
    [URLS.history]: historyOf,
    [URLS.alarms]: () => ({
      records: [
        {
          id: '9',
          subject: '水位告警',
          content: '飞来峡水电站 上游水位接近汛限水位',
          status: 0,
          pushTime: '2026-06-01 10:00:00',
        },
      ],
      total: 1,
    }),
    ...overrides,
  } as Record<string, Handler>);
}

function type(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('station monitor', function () {
  this.timeout(20000);
  const initialPath = location.pathname + location.search;

  afterEach(() => {
    cleanUp(initialPath);
    message.closeAll();
  });

  describe('overview', () => {
    it('shows the first page of stations and pages through them on the server', async () => {
      const { http, callsTo } = fakeHttp();
      const { view, main } = mountAt('/station-monitor/overview/index', http);
      expect(view.getByRole('heading', { level: 1 }).textContent).to.equal('电站监视');
      expect(view.getByRole('heading', { level: 2 }).textContent).to.equal('电站总览');
      await waitFor(() => rowsOf(main, '电站列表').length === 10);
      expect(cellTexts(rowsOf(main, '电站列表')[0]!).slice(0, 3)).to.deep.equal([
        'HS0001',
        '飞来峡水电站',
        '周强',
      ]);
      expect(callsTo(URLS.stations).at(-1)?.params).to.deep.equal({ current: 1, size: 10 });

      fireEvent.click(view.getByRole('button', { name: '第 3 页' }));
      await waitFor(() => rowsOf(main, '电站列表').length === 2);
      expect(cellTexts(rowsOf(main, '电站列表')[0]!)[0]).to.equal('HS0021');
      expect(callsTo(URLS.stations).at(-1)?.params).to.deep.equal({ current: 3, size: 10 });
    });

    it('searches by the fields typed, from the first page', async () => {
      const { http, callsTo } = fakeHttp();
      const { view, main } = mountAt('/station-monitor/overview/index', http);
      await waitFor(() => rowsOf(main, '电站列表').length === 10);
      fireEvent.click(view.getByRole('button', { name: '第 2 页' }));
      await waitFor(() => callsTo(URLS.stations).length === 2);
      type(view.getByRole('textbox', { name: '电站名称' }), '飞来峡');
      type(view.getByRole('textbox', { name: '联系人' }), '周');
      fireEvent.click(view.getByRole('button', { name: '搜索' }));
      await waitFor(() => rowsOf(main, '电站列表').length === 1);
      expect(callsTo(URLS.stations).at(-1)?.params).to.deep.equal({
        current: 1,
        size: 10,
        deptName: '飞来峡',
        linkman: '周',
      });

      fireEvent.click(view.getByRole('button', { name: '重置' }));
      await waitFor(() => rowsOf(main, '电站列表').length === 10);
      expect((view.getByRole('textbox', { name: '电站名称' }) as HTMLInputElement).value).to.equal('');
    });

    it('cancels a search with a field over 20 characters, warning with the field’s label', async () => {
      const { http, callsTo } = fakeHttp();
      const { view, main } = mountAt('/station-monitor/overview/index', http);
      await waitFor(() => rowsOf(main, '电站列表').length === 10);
      const before = callsTo(URLS.stations).length;
      type(view.getByRole('textbox', { name: '联系人' }), '周'.repeat(21));
      fireEvent.click(view.getByRole('button', { name: '搜索' }));
      await waitFor(() => byRole(document.body, 'alert', /^!?联系人不能超过 20 个字符$/));
      expect(callsTo(URLS.stations).length).to.equal(before);
      expect(rowsOf(main, '电站列表')).to.have.length(10);
    });

    it('opens a station’s realtime data from its row', async () => {
      const { http } = fakeHttp();
      const { view, main, navigations } = mountAt('/station-monitor/overview/index', http);
      await waitFor(() => rowsOf(main, '电站列表').length === 10);
      fireEvent.click(view.getByRole('button', { name: '实时数据 飞来峡水电站' }));
      expect(navigations).to.deep.equal(['/station-monitor/realtime/index?station=HS0001']);
      await waitFor(() => view.queryByRole('heading', { name: '实时数据' }));
    });

    it('shows why the list failed and loads it again on Retry', async () => {
      let fail = true;
      const { http } = fakeHttp({
        [URLS.stations]: (p) =>
          fail
            ? new HttpError('response', 500, 500, '服务器内部错误', undefined)
            : { records: STATIONS.slice(0, Number(p.size)), total: STATIONS.length },
      });
      const { view, main } = mountAt('/station-monitor/overview/index', http);
      await waitFor(() => byRole(main, 'alert', '加载失败：服务器内部错误'));
      fail = false;
      fireEvent.click(view.getByRole('button', { name: '重试' }));
      await waitFor(() => rowsOf(main, '电站列表').length === 10);
    });
  });

  describe('realtime data', () => {
    it('lists the station’s first device’s points and draws a point’s history with its forecast', async () => {
      const { http, callsTo } = fakeHttp();
      const { view, main } = mountAt('/station-monitor/realtime/index?station=HS0001', http);
      await waitFor(() => byRole(main, 'table', '1号机组 测点'));
      expect(callsTo(URLS.devices)[0]?.params).to.deep.equal({ stationId: 'HS0001' });
      const station = view.getByRole('combobox', { name: '电站' }) as HTMLSelectElement;
      await waitFor(() => !station.disabled);
      expect(station.value).to.equal('HS0001');
      expect((view.getByRole('combobox', { name: '设备' }) as HTMLSelectElement).value).to.equal('HS0001-G1');
      expect(cellTexts(rowsOf(main, '1号机组 测点')[0]!).slice(0, 3)).to.deep.equal([
        '有功功率',
        'HS0001.G1.P',
        '31.75 MW',
      ]);
      expect(view.getByText('在测点列表中选择“历史曲线”，查看该测点的历史与预测。').tagName).to.equal('P');

      const before = Date.now();
      fireEvent.click(view.getByRole('button', { name: '历史曲线 有功功率' }));
      const figure = await waitFor(() => view.queryByRole('figure', { name: '有功功率 历史曲线' }), 10000);
      const call = callsTo(URLS.history)[0]!;
      expect(call.params.realId).to.equal('HS0001.G1.P');
      // The last 24 hours and the next 6.
      expect(Number(call.params.endTime) - Number(call.params.beginTime)).to.equal(30 * HOUR);
      expect(Number(call.params.endTime)).to.be.greaterThan(before);
      // The chart draws the measured part and the forecast as two series, with the forecast's note under it.
      await waitFor(() => drawnSeries(figure) === '实测,预测', 10000);
      expect(within(figure).queryAllByText('暂无数据')).to.have.length(0);
      expect(Boolean(view.queryByText('阴影部分为预测（未来 6 小时）'))).to.equal(true);

      // Another range asks again.
      fireEvent.change(view.getByRole('combobox', { name: '时间范围' }), { target: { value: 'h72' } });
      await waitFor(() => callsTo(URLS.history).length === 2);
      const longer = callsTo(URLS.history)[1]!;
      expect(Number(longer.params.endTime) - Number(longer.params.beginTime)).to.equal(78 * HOUR);
    });

    it('shows the chart’s no-data text for a point without data', async () => {
      const { http } = fakeHttp();
      const { view, main } = mountAt('/station-monitor/realtime/index?station=HS0001', http);
      await waitFor(() => byRole(main, 'table', '1号机组 测点'));
      fireEvent.change(view.getByRole('combobox', { name: '设备' }), { target: { value: 'HS0001-DC' } });
      await waitFor(() => byRole(main, 'table', '直流系统 测点'));
      expect(cellTexts(rowsOf(main, '直流系统 测点')[0]!)[2]).to.equal('无数据');
      fireEvent.click(view.getByRole('button', { name: '历史曲线 蓄电池温度' }));
      const figure = await waitFor(() => view.queryByRole('figure', { name: '蓄电池温度 历史曲线' }), 10000);
      expect(within(figure).getByRole('status').textContent).to.equal('该测点在所选时间范围内没有数据');
    });

    it('shows why the devices failed to load, and loads them again on Retry', async () => {
      let fail = true;
      const { http } = fakeHttp({
        [URLS.devices]: () => (fail ? new HttpError('response', 404, 404, '电站不存在', undefined) : DEVICES),
      });
      const { view, main } = mountAt('/station-monitor/realtime/index?station=HS0099', http);
      await waitFor(() => byRole(main, 'alert', '加载失败：电站不存在'));
      expect(Boolean(byRole(main, 'table', '1号机组 测点'))).to.equal(false);
      fail = false;
      fireEvent.click(view.getByRole('button', { name: '重试' }));
      await waitFor(() => byRole(main, 'table', '1号机组 测点'));
    });

    it('shows why a history failed to load', async () => {
      const { http } = fakeHttp({
        [URLS.history]: () => new HttpError('response', 400, 400, '查询时间范围不能超过 7 天', undefined),
      });
      const { view, main } = mountAt('/station-monitor/realtime/index?station=HS0001', http);
      await waitFor(() => byRole(main, 'table', '1号机组 测点'));
      fireEvent.click(view.getByRole('button', { name: '历史曲线 定子温度' }));
      await waitFor(() => byRole(main, 'alert', '加载失败：查询时间范围不能超过 7 天'));
      expect(view.queryAllByRole('figure')).to.have.length(0);
    });

    it('asks for a station first, and goes to the one chosen', async () => {
      const { http, callsTo } = fakeHttp();
      const { view, navigations } = mountAt('/station-monitor/realtime/index', http);
      expect(view.getByText('请选择一个电站，查看其设备与测点。').tagName).to.equal('P');
      const station = view.getByRole('combobox', { name: '电站' }) as HTMLSelectElement;
      await waitFor(() => !station.disabled);
      expect(callsTo(URLS.devices)).to.have.length(0);
      fireEvent.change(station, { target: { value: 'HS0002' } });
      expect(navigations).to.deep.equal(['/station-monitor/realtime/index?station=HS0002']);
      await waitFor(() => callsTo(URLS.devices).length === 1);
      expect(callsTo(URLS.devices)[0]?.params).to.deep.equal({ stationId: 'HS0002' });
    });
  });

  describe('other pages', () => {
    it('lists the caller’s alarms', async () => {
      const { http, callsTo } = fakeHttp();
      const { view, main } = mountAt('/station-monitor/alarm/index', http);
      expect(view.getByRole('heading', { level: 2 }).textContent).to.equal('告警列表');
      await waitFor(() => rowsOf(main, '告警消息')[0]?.textContent?.includes('水位告警'));
      expect(cellTexts(rowsOf(main, '告警消息')[0]!)).to.deep.equal([
        '水位告警',
        '飞来峡水电站 上游水位接近汛限水位',
        '2026-06-01 10:00:00',
        '未读',
      ]);
      expect(callsTo(URLS.alarms)[0]?.params).to.deep.equal({
        businessClassify: 'alarm',
        current: 1,
        size: 10,
      });
    });

    it('says a path without a page is not found, linking to the two pages', async () => {
      const { http, calls } = fakeHttp();
      const { view, navigations } = mountAt('/station-monitor/alarm/report', http);
      expect(view.getByRole('heading', { level: 2 }).textContent).to.equal('页面不存在');
      expect(
        view.getByText('电站监视没有“/station-monitor/alarm/report”这个页面，请前往：').tagName,
      ).to.equal('P');
      expect(calls).to.have.length(0);
      fireEvent.click(view.getByRole('link', { name: '实时数据' }));
      expect(navigations).to.deep.equal(['/station-monitor/realtime/index']);
      expect(view.getByRole('link', { name: '电站总览' }).getAttribute('href')).to.equal(
        '/station-monitor/overview/index',
      );
    });

    it('speaks English when the console does', async () => {
      setLanguage('en');
      const { http } = fakeHttp();
      const { view, main } = mountAt('/station-monitor/overview/index', http);
      expect(view.getByRole('heading', { level: 2 }).textContent).to.equal('Station overview');
      await waitFor(() => rowsOf(main, 'Stations').length === 10);
      expect(view.getAllByRole('textbox', { name: 'Station name' })).to.have.length(1);
      expect(view.getAllByRole('button', { name: 'Realtime data 飞来峡水电站' })).to.have.length(1);
    });
  });
});
