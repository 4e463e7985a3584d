// The home overview and the site workbench over the shell's real runtime with a fake of the server's
// calls (docs/api.md sections 7, 10, 16). Each section is a region named by its heading; found by role.
import { expect } from '@esm-bundle/chai';
import { fireEvent, within } from '@testing-library/dom';
import { waitFor } from '../../../../test/support/dom';
import { mount } from '../../test-support/dom';
import { failure, ok, type Route, shellTestServices } from '../../test-support/services';
import { HOME_API } from './api';
import { HomePage } from './home-page';
import { STATION_PAGES } from './overview-rules';
import { SiteWorkbenchPage } from './workbench-page';

const NOTICES = '/api/blade-system/notice/getUnread';
const ALARMS = '/api/blade-system/message/record/getAlarmMessage';
const DEFAULT_STATION = '/api/hzims-operational/userDept/config/query';

const STATIONS = [
  {
    id: '11',
    stationId: 'HS0001',
    stationName: '飞来峡水电站',
    devices: 5,
    online: 5,
    powerMw: 80.5,
    socPercent: null,
  },
  {
    id: '12',
    stationId: 'HS0002',
    stationName: '白石窑水电站',
    devices: 5,
    online: 2,
    powerMw: 20,
    socPercent: null,
  },
];
const page = (records: unknown[], total = records.length) => ok({ records, total });

const ROUTES: Record<string, Route> = {
  [`GET ${HOME_API.stationStatus}`]: () => ok(STATIONS),
  [`GET ${HOME_API.powerLine}`]: () => ok({ kind: 'generation', unit: 'MW', points: [] }),
  [`GET ${ALARMS}`]: () =>
    page([{ id: 'a1', subject: '1号机组定子温度越限', status: 0, pushTime: '2026-06-01 09:05:00' }], 7),
  [`GET ${NOTICES}`]: () =>
    page([{ id: 'n1', title: '停电检修通知', releaseTime: '2026-05-30 08:00:00' }], 3),
  [`GET ${HOME_API.tenants}`]: () =>
    page([
      { tenantId: '000000', tenantName: '管理平台', kind: 'platform', stationCount: 0, expireTime: '' },
      {
        tenantId: '100001',
        tenantName: 'Hydro Demo',
        kind: 'hydropower',
        stationCount: 22,
        expireTime: '2020-01-01',
      },
    ]),
  [`GET ${DEFAULT_STATION}`]: () => ok({ deptId: '12' }),
};

describe('home overview', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  function setup(
    over: Record<string, Route> = {},
    who: { tenantId?: string; account?: string; lang?: 'zh' | 'en'; menu?: string[] } = {},
    view: 'home' | 'workbench' = 'home',
    permission: Record<string, boolean> = { switch_view: true },
  ) {
    const fake = shellTestServices({ ...ROUTES, ...over }, who.lang ?? 'zh');
    fake.services.session.update({
      token: 't1',
      tenantId: who.tenantId ?? '100001',
      permission,
      subStation: null,
      userInfo: { account: who.account ?? 'operator', deptId: '1', user_id: 'u1' } as never,
    });
    const items = (who.menu ?? [STATION_PAGES.alarms, STATION_PAGES.realtime]).map((path, i) => ({
      id: String(i),
      name: path,
      path,
      icon: '',
      appCode: 'station-monitor',
      children: [],
    }));
    fake.services.bus.publish('menus', { status: 'ready', items, topId: null });
    const Page = view === 'home' ? HomePage : SiteWorkbenchPage;
    const mounted = mount(<Page services={fake.services} />);
    cleanup = mounted.unmount;
    const screen = within(mounted.container);
    const region = (name: string) => waitFor(() => screen.queryByRole('region', { name }));
    return { fake, screen, region };
  }

  it('shows the stations with their state, today’s alarms, unread notices and the power chart', async () => {
    const { screen, region, fake } = setup();
    expect(screen.getByRole('heading', { level: 1, name: '运行总览' })).to.exist;
    const stations = await region('电站状态');
    await waitFor(() => within(stations).queryByRole('table', { name: '电站状态' }));
    expect(within(stations).getAllByRole('row')).to.have.length(3);
    expect(within(stations).getByText('部分离线', { selector: 'td *' })).to.exist;
    fireEvent.click(within(stations).getByRole('link', { name: '查看 飞来峡水电站 实时数据' }));
    expect(fake.navigations.at(-1)).to.equal('/station-monitor/realtime/index?station=HS0001');

    const alarms = await region('今日告警');
    await waitFor(() => within(alarms).queryByText('1号机组定子温度越限'));
    expect(alarms.textContent).to.include('7 条');
    fireEvent.click(within(alarms).getByRole('link', { name: '全部告警' }));
    expect(fake.navigations.at(-1)).to.equal(STATION_PAGES.alarms);
    const call = fake.calls.find((c) => c.url === ALARMS);
    expect(call?.params).to.include({ businessClassify: 'alarm', size: 5 } as never);

    const notices = await region('未读通知');
    fireEvent.click(await waitFor(() => within(notices).queryByRole('link', { name: '停电检修通知' })));
    expect(fake.navigations.at(-1)).to.equal('/noticeinfo/info');
    expect(fake.calls.find((c) => c.url === NOTICES)?.params).to.include({ isReal: '0' } as never);

    const chart = await region('今日发电功率');
    await waitFor(() => within(chart).queryByText('暂无功率数据'));
  });

  it('one failed call fails its own section only, with a Retry that loads it again', async () => {
    let fail = true;
    const { region } = setup({
      [`GET ${HOME_API.stationStatus}`]: () =>
        fail ? failure({ code: 500, msg: '数据库忙' }, 500) : ok(STATIONS),
    });
    const stations = await region('电站状态');
    const alert = await waitFor(() => within(stations).queryByRole('alert'));
    expect(alert.textContent).to.include('数据库忙');
    const notices = await region('未读通知');
    await waitFor(() => within(notices).queryByRole('link', { name: '停电检修通知' }));
    fail = false;
    fireEvent.click(within(stations).getByRole('button', { name: '重试' }));
    await waitFor(() => within(stations).queryByRole('table', { name: '电站状态' }));
  });

  it('says so when a section has nothing, and shows loading until its answer comes', async () => {
    const { region } = setup({
      [`GET ${HOME_API.stationStatus}`]: () => ok([]),
      [`GET ${ALARMS}`]: () => page([]),
      [`GET ${NOTICES}`]: () => new Promise(() => undefined),
    });
    const stations = await region('电站状态');
    await waitFor(() => stations.textContent?.includes('本租户还没有电站'));
    const alarms = await region('今日告警');
    await waitFor(() => alarms.textContent?.includes('今日暂无告警'));
    const notices = await region('未读通知');
    expect(within(notices).getByRole('status').textContent).to.equal('加载中…');
    expect(notices.getAttribute('aria-busy')).to.equal('true');
  });

  it('shows no alarms to a user without the alarm list who gets no alarm popup; stations are no links', async () => {
    const { screen, region, fake } = setup({}, { account: 'viewer', menu: [] });
    const stations = await region('电站状态');
    await waitFor(() => within(stations).queryByText('飞来峡水电站'));
    expect(within(stations).queryByRole('link')).to.equal(null);
    expect(screen.queryByRole('region', { name: '今日告警' })).to.equal(null);
    expect(fake.calls.some((c) => c.url === ALARMS)).to.equal(false);
  });

  it('the platform tenant sees its tenants with kind, stations and expiry, in English too', async () => {
    const { screen, region } = setup({}, { tenantId: '000000', account: 'admin', lang: 'en', menu: [] });
    expect(screen.getByRole('heading', { level: 1, name: 'Platform overview' })).to.exist;
    const tenants = await region('Tenants');
    const table = await waitFor(() => within(tenants).queryByRole('table', { name: 'Tenants' }));
    const row = within(table).getByRole('row', { name: /Hydro Demo/ });
    expect(row.textContent).to.include('Hydropower').and.include('22').and.include('Expired');
    expect(await region('Unread notices')).to.exist;
    expect(screen.queryByRole('region', { name: 'Station state' })).to.equal(null);
  });
});

describe('site workbench', () => {
  let cleanup: () => void = () => undefined;
  afterEach(() => cleanup());

  function setup(permission: Record<string, boolean>) {
    const fake = shellTestServices(ROUTES, 'zh');
    fake.services.session.update({
      token: 't1',
      tenantId: '100001',
      permission,
      subStation: null,
      userInfo: { account: 'znywpt', deptId: '1', user_id: 'u1' } as never,
    });
    fake.services.bus.publish('menus', { status: 'ready', items: [], topId: null });
    const mounted = mount(<SiteWorkbenchPage services={fake.services} />);
    cleanup = mounted.unmount;
    return { fake, screen: within(mounted.container) };
  }

  it('lists the stations as cards, marks the default one and enters a station', async () => {
    const { fake, screen } = setup({ switch_view: true });
    expect(screen.getByRole('heading', { level: 1, name: '站点工作台' })).to.exist;
    const cards = await waitFor(() => screen.queryByRole('list', { name: '电站状态' }));
    const second = await waitFor(() =>
      within(cards)
        .getAllByRole('listitem')
        .find((card) => card.textContent?.includes('默认电站')),
    );
    expect(second.textContent).to.include('白石窑水电站');
    fireEvent.click(within(cards).getByRole('button', { name: '进入 飞来峡水电站' }));
    expect(fake.services.session.get().subStation).to.include({ deptId: '11', stationId: 'HS0001' });
    const current = await waitFor(() => within(cards).queryByText('当前所在'));
    expect(current.closest('li')?.textContent).to.include('飞来峡水电站');
    expect(
      (within(cards).getByRole('button', { name: '进入 飞来峡水电站' }) as HTMLButtonElement).disabled,
    ).to.equal(true);
  });

  it('offers no join without switch_view, and says why', async () => {
    const { screen } = setup({});
    const cards = await waitFor(() => screen.queryByRole('list', { name: '电站状态' }));
    expect(within(cards).queryByRole('button')).to.equal(null);
    expect(screen.getByText('没有进入站点的权限（switch_view）')).to.exist;
  });
});
