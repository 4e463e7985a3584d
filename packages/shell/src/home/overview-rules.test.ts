import { expect } from '@esm-bundle/chai';
import {
  alarmsTodayQuery,
  expiryOf,
  homeSections,
  menuPathsOf,
  readPowerLine,
  readStationStatus,
  readTenantPage,
  realtimeLink,
  STATION_PAGES,
  stateCounts,
  stationState,
  todayRange,
  type Viewer,
} from './overview-rules';

// 2026-06-01 23:30 Beijing time is 15:30 UTC: the Beijing day, not the UTC one, is today.
const LATE = Date.UTC(2026, 5, 1, 15, 30);

const viewer = (over: Partial<Viewer>): Viewer => ({
  tenantId: '100001',
  account: 'operator',
  deptId: '1',
  menuPaths: new Set(),
  ...over,
});

describe('home overview: which sections for whom', () => {
  it('the platform tenant gets the platform overview', () => {
    expect(homeSections(viewer({ tenantId: '000000', account: 'admin' }), 'x').platform).to.equal(true);
    expect(homeSections(viewer({}), 'x').platform).to.equal(false);
  });

  it('alarms: a menu holding the alarm list shows them and links there', () => {
    const s = homeSections(viewer({ menuPaths: new Set([STATION_PAGES.alarms]) }), '告警消息');
    expect([s.alarms, s.alarmsLink]).to.deep.equal([true, STATION_PAGES.alarms]);
  });

  it('alarms: the alarm popup accounts see them, linking to the message centre without the list', () => {
    const s = homeSections(viewer({ account: 'admin', tenantId: '100002' }), '告警消息');
    expect(s.alarms).to.equal(true);
    expect(s.alarmsLink).to.equal('/noticeinfo/info?type=alarm&name=%E5%91%8A%E8%AD%A6%E6%B6%88%E6%81%AF');
  });

  it('alarms: others, and anyone while the menu loads, see none', () => {
    expect(homeSections(viewer({ account: 'viewer' }), 'x').alarms).to.equal(false);
    expect(homeSections(viewer({ menuPaths: null }), 'x').alarms).to.equal(false);
    expect(homeSections(viewer({ account: 'admin', deptId: '000000' }), 'x').alarms).to.equal(false);
  });

  it('stations link to the realtime page and tenants to their page only when the menu holds them', () => {
    const none = homeSections(viewer({}), 'x');
    expect([none.realtime, none.tenantsLink]).to.deep.equal([false, null]);
    const all = homeSections(
      viewer({ menuPaths: new Set([STATION_PAGES.realtime, STATION_PAGES.tenants]) }),
      'x',
    );
    expect([all.realtime, all.tenantsLink]).to.deep.equal([true, STATION_PAGES.tenants]);
    expect(realtimeLink('HS0001')).to.equal('/station-monitor/realtime/index?station=HS0001');
  });

  it('reads the menu pages of a tree, without their query', () => {
    const paths = menuPathsOf([
      { path: '', children: [{ path: '/station-monitor/alarm/index', children: [] }] },
      { path: '/noticeinfo/info?type=notice', children: [] },
    ]);
    expect([...paths].sort()).to.deep.equal(['/noticeinfo/info', '/station-monitor/alarm/index']);
  });
});

describe('home overview: times and queries', () => {
  it("today is Beijing's day", () => {
    expect(todayRange(LATE)).to.deep.equal({
      startTime: '2026-06-01 00:00:00',
      endTime: '2026-06-01 23:59:59',
    });
    expect(todayRange(LATE + 60 * 60_000).startTime).to.equal('2026-06-02 00:00:00');
  });

  it("today's alarms: the alarm classification, the latest five; open ones are the unread", () => {
    expect(alarmsTodayQuery(LATE)).to.deep.equal({
      current: 1,
      size: 5,
      businessClassify: 'alarm',
      startTime: '2026-06-01 00:00:00',
      endTime: '2026-06-01 23:59:59',
    });
    expect(alarmsTodayQuery(LATE, true)).to.include({ status: '0' });
  });

  const expiries: [string, string, string][] = [
    ['no date', '', 'none'],
    ['not a date', 'soon', 'none'],
    ['a past day', '2026-05-31', 'expired'],
    ['the day itself counts until its end', '2026-06-01', 'soon'],
    ['within 30 days', '2026-06-30 00:00:00', 'soon'],
    ['later', '2027-01-01', 'valid'],
  ];
  for (const [name, text, expected] of expiries) {
    it(`a tenant's expiry: ${name}`, () => expect(expiryOf(text, LATE)).to.equal(expected));
  }
});

describe('home overview: the server answers, read without trusting them', () => {
  it('station state from devices online', () => {
    expect([stationState(0, 0), stationState(5, 5), stationState(5, 2), stationState(5, 0)]).to.deep.equal([
      'no-devices',
      'online',
      'partial',
      'offline',
    ]);
  });

  it('reads the station status, dropping rows without a station id and clamping counts', () => {
    const rows = readStationStatus([
      {
        id: 1,
        stationId: 'HS0001',
        stationName: '飞来峡',
        devices: 5,
        online: 9,
        powerMw: 80.5,
        socPercent: null,
      },
      { id: '2', stationId: 'HS0002', stationName: 'B', devices: 4, online: 1, powerMw: 'x' },
      { id: '3', stationName: 'no id' },
      null,
      'junk',
    ]);
    expect(rows.map((r) => [r.id, r.stationId, r.online, r.state, r.powerMw])).to.deep.equal([
      ['1', 'HS0001', 5, 'online', 80.5],
      ['2', 'HS0002', 1, 'partial', null],
    ]);
    expect(stateCounts(rows)).to.deep.equal({ online: 1, partial: 1, offline: 0, 'no-devices': 0 });
    expect(() => readStationStatus({ records: [] })).to.throw(TypeError);
  });

  it('reads the power line: its kind, and points with a time', () => {
    const line = readPowerLine({
      kind: 'storage',
      unit: 'MW',
      points: [
        { ts: 1, val: -2, isPredict: false },
        { ts: 'x', val: 1 },
        { ts: 2, val: null, isPredict: true },
      ],
    });
    expect(line).to.deep.equal({
      kind: 'storage',
      unit: 'MW',
      points: [
        { ts: 1, val: -2, isPredict: false },
        { ts: 2, val: null, isPredict: true },
      ],
    });
    expect(readPowerLine({ kind: '<b>', points: [] }).kind).to.equal('generation');
    expect(() => readPowerLine(null)).to.throw(TypeError);
  });

  it('reads the tenant page with its station counts', () => {
    const page = readTenantPage({
      total: 3,
      records: [
        { tenantId: '100001', tenantName: 'Hydro', kind: 'hydropower', stationCount: 22, expireTime: '' },
      ],
    });
    expect(page).to.deep.equal({
      total: 3,
      records: [
        { tenantId: '100001', tenantName: 'Hydro', kind: 'hydropower', stationCount: 22, expireTime: '' },
      ],
    });
    expect(readTenantPage({ records: [{ stationCount: -1 }] }).records[0]?.stationCount).to.equal(0);
    expect(() => readTenantPage([])).to.throw(TypeError);
  });
});
