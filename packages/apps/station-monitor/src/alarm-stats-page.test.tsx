import { expect } from '@esm-bundle/chai';
import { HttpError, setLanguage } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { byRole, waitFor } from '../../../../test/support/dom';
import { cellTexts, cleanUp, fakeClient, type Handler, mountAt, rowsOf } from '../test-support/mount';
import { lastDays } from './alarm-stats';
import { URLS } from './api';

// The alarm statistics page against a fake `http` that answers like the reference server (docs/api.md
// section 7 getAlarmStatistics, section 6 dictionary): alarms and defects on the last day of the range.

const DICTIONARY = '/api/blade-system/dict/dictionary';
const DICT = [
  { dictKey: 'alarm', dictValue: '告警消息', remark: 'Alarm' },
  { dictKey: 'defect', dictValue: '缺陷消息', remark: 'Defect' },
  { dictKey: 'system', dictValue: '系统消息', remark: 'System' },
];

/** The server's answer for the range: 3 alarms (1 unread) and 1 defect on its last day, 0 before. */
function statsOf(params: Record<string, unknown>, empty = false) {
  const days: string[] = [];
  for (
    let d = Date.parse(`${params.startTime}T00:00Z`);
    d <= Date.parse(`${params.endTime}T00:00Z`);
    d += 86_400_000
  )
    days.push(new Date(d).toISOString().slice(0, 10));
  const last = days.at(-1);
  if (empty)
    return { total: 0, byClassify: [], byDay: days.map((day) => ({ day, count: 0, byClassify: {} })) };
  return {
    total: 4,
    byClassify: [
      { businessClassify: 'alarm', count: 3, unread: 1 },
      { businessClassify: 'defect', count: 1, unread: 0 },
    ],
    byDay: days.map((day) =>
      day === last
        ? { day, count: 4, byClassify: { alarm: 3, defect: 1 } }
        : { day, count: 0, byClassify: {} },
    ),
  };
}

function fakeHttp(overrides: Partial<Record<string, Handler>> = {}) {
  return fakeClient({
    [URLS.alarmStats]: (p) => statsOf(p),
    [DICTIONARY]: () => DICT,
    ...overrides,
  } as Record<string, Handler>);
}

const mount = (http: Parameters<typeof mountAt>[1]) => mountAt('/station-monitor/alarm/statistics', http);
const region = (main: HTMLElement, name: string) => byRole(main, 'region', name);
const tableRows = (main: HTMLElement, caption: string) => rowsOf(main, caption).map(cellTexts);

describe('station monitor: alarm statistics', function () {
  this.timeout(20000);
  const initialPath = location.pathname + location.search;
  afterEach(() => cleanUp(initialPath));

  it('counts the last 7 days by classification and by day, each a chart with its table', async () => {
    const { http, callsTo } = fakeHttp();
    const week = lastDays(7, Date.now());
    const { view, main } = mount(http);
    expect(view.getByRole('heading', { level: 2 }).textContent).to.equal('告警统计');
    const form = view.getByRole('form', { name: '统计范围' });
    expect((within(form).getByLabelText('开始日期') as HTMLInputElement).value).to.equal(week.from);
    expect((within(form).getByLabelText('结束日期') as HTMLInputElement).value).to.equal(week.to);
    expect(within(form).getByRole('group', { name: '快捷范围' })).to.not.equal(null);

    await waitFor(() => region(main, '按分类统计'));
    expect(callsTo(URLS.alarmStats).map((c) => c.params)).to.deep.equal([
      { startTime: week.from, endTime: week.to },
    ]);
    expect(callsTo(DICTIONARY)[0]?.params).to.deep.equal({ code: 'businessClassify' });
    expect(view.getByText('告警合计').parentElement?.textContent).to.equal(
      `告警合计4条${week.from} 至 ${week.to}，共 7 天`,
    );
    const byClass = region(main, '按分类统计')!;
    await waitFor(() => tableRows(byClass, '各分类告警数量').length > 0);
    expect(tableRows(byClass, '各分类告警数量')).to.deep.equal([
      ['告警消息', '3', '1', '75.0 %'],
      ['缺陷消息', '1', '0', '25.0 %'],
    ]);
    const byDay = region(main, '按日期统计')!;
    await waitFor(() => tableRows(byDay, '每日告警数量').length > 0);
    const days = tableRows(byDay, '每日告警数量');
    expect(days).to.have.length(7);
    expect(days[0]).to.deep.equal([week.from, '0', '0', '0']);
    expect(days[6]).to.deep.equal([week.to, '4', '3', '1']);
    // The charts, each named, load with the first answer.
    await waitFor(() => within(byClass).queryByRole('img', { name: '按分类统计' }), 10000);
    await waitFor(() => within(byDay).queryByRole('img', { name: '按日期统计' }), 10000);
    await waitFor(() => byClass.querySelector('.apexcharts-canvas'), 10000);
    await waitFor(() => byDay.querySelector('.apexcharts-canvas'), 10000);
    await waitFor(() => byDay.querySelector('.apexcharts-legend-series'), 10000);
    // Each chart is one named image: nothing inside it takes the focus or acts as a control.
    for (const chart of [byClass, byDay].map((panel) => panel.querySelector('[role="img"]')!)) {
      const controls = chart.querySelectorAll(
        '[tabindex]:not([tabindex="-1"]), [role="button"], button, a[href]',
      );
      expect(controls.length, chart.getAttribute('aria-label') ?? '').to.equal(0);
    }
  });

  it('switches to the last 30 days', async () => {
    const { http, callsTo } = fakeHttp();
    const { view, main } = mount(http);
    await waitFor(() => region(main, '按日期统计'));
    fireEvent.click(view.getByRole('button', { name: '最近 30 天' }));
    const month = lastDays(30, Date.now());
    await waitFor(() => tableRows(region(main, '按日期统计')!, '每日告警数量').length === 30);
    expect(callsTo(URLS.alarmStats).at(-1)?.params).to.deep.equal({
      startTime: month.from,
      endTime: month.to,
    });
    expect((view.getByLabelText('开始日期') as HTMLInputElement).value).to.equal(month.from);
    expect(view.getByText('告警合计').parentElement?.textContent).to.contain('共 30 天');
  });

  it('says when the first day is after the last, and asks nothing', async () => {
    const { http, callsTo } = fakeHttp();
    const { view, main } = mount(http);
    await waitFor(() => region(main, '按分类统计'));
    const to = view.getByLabelText('结束日期') as HTMLInputElement;
    const dayAfter = new Date(Date.parse(`${to.value}T00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    fireEvent.change(view.getByLabelText('开始日期'), { target: { value: dayAfter } });
    const alert = await waitFor(() => byRole(main, 'alert', '开始日期不能晚于结束日期'));
    expect(view.getByLabelText('开始日期').getAttribute('aria-invalid')).to.equal('true');
    expect(view.getByLabelText('开始日期').getAttribute('aria-describedby')).to.equal(alert.id);
    expect(region(main, '按分类统计')).to.equal(null);
    expect(callsTo(URLS.alarmStats)).to.have.length(1);
    // An incomplete date says so too.
    fireEvent.change(view.getByLabelText('开始日期'), { target: { value: '' } });
    await waitFor(() => byRole(main, 'alert', '请选择开始日期和结束日期'));
    expect(callsTo(URLS.alarmStats)).to.have.length(1);
  });

  it('says so when the range has no alarms: no chart, no table', async () => {
    const { http } = fakeHttp({ [URLS.alarmStats]: (p) => statsOf(p, true) });
    const week = lastDays(7, Date.now());
    const { view, main } = mount(http);
    await waitFor(() => view.queryByText(`${week.from} 至 ${week.to} 没有告警`));
    expect(region(main, '按分类统计')).to.equal(null);
    expect(view.queryAllByRole('table')).to.have.length(0);
    expect(view.queryAllByRole('img')).to.have.length(0);
  });

  it('shows why the counts failed and counts again on Retry', async () => {
    let fail = true;
    const { http, callsTo } = fakeHttp({
      [URLS.alarmStats]: (p) =>
        fail ? new HttpError('response', 400, 400, '统计范围不能超过 366 天', undefined) : statsOf(p),
    });
    const { view, main } = mount(http);
    await waitFor(() => byRole(main, 'alert', '加载失败：统计范围不能超过 366 天'));
    expect(region(main, '按分类统计')).to.equal(null);
    fail = false;
    fireEvent.click(view.getByRole('button', { name: '重试' }));
    await waitFor(() => region(main, '按分类统计'));
    expect(callsTo(URLS.alarmStats)).to.have.length(2);
  });

  it('shows a loading state until the answer comes', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { http } = fakeHttp({
      [URLS.alarmStats]: (p) =>
        new Promise((resolve) => {
          answer = () => resolve(statsOf(p));
        }),
    });
    const { main } = mount(http);
    await waitFor(() => byRole(main, 'status', '正在加载…'));
    expect(region(main, '按分类统计')).to.equal(null);
    answer(null);
    await waitFor(() => region(main, '按分类统计'));
    expect(byRole(main, 'status', '正在加载…')).to.equal(null);
  });

  it('speaks English, classification names from the dictionary', async () => {
    setLanguage('en');
    const { http } = fakeHttp();
    const { view, main } = mount(http);
    expect(view.getByRole('heading', { level: 2 }).textContent).to.equal('Alarm statistics');
    await waitFor(() => region(main, 'By classification'));
    expect(view.getByRole('heading', { level: 3, name: 'By day' })).to.not.equal(null);
    expect(view.getByRole('button', { name: 'Last 7 days' })).to.not.equal(null);
    expect(view.getByLabelText('From')).to.not.equal(null);
    const byClass = region(main, 'By classification')!;
    await waitFor(() => tableRows(byClass, 'Alarms by classification').length > 0);
    expect(tableRows(byClass, 'Alarms by classification').map((r) => r[0])).to.deep.equal([
      'Alarm',
      'Defect',
    ]);
    expect(view.getByText('Alarms in all').parentElement?.textContent).to.contain('4alarms');
  });
});
