import { expect } from '@esm-bundle/chai';
import type { Device, DevicePoint, Station } from './api';
import type { HistoryLine, HistoryPoint } from './history';
import {
  capacityOf,
  clockText,
  dayStartText,
  figuresOf,
  figureText,
  isOnline,
  ONLINE_WINDOW_MS,
  powerPoints,
  type StationRow,
  stationRow,
  sumLines,
} from './visual';

const NOW = Date.UTC(2026, 5, 1, 4, 0); // 2026-06-01 12:00 in Beijing
const MIN = 60_000;

const point = (realId: string, value: number | null, ts: number | null, unit = 'MW'): DevicePoint => ({
  realId,
  name: realId,
  unit,
  value,
  ts,
});
const device = (code: string, points: DevicePoint[]): Device => ({
  id: code,
  deviceCode: code,
  deviceName: code,
  deviceType: 'pcs',
  points,
});
const station = (stationId: string, remark: string): Station => ({
  id: stationId,
  stationId,
  deptName: `${stationId} 站`,
  linkman: '',
  contactNumber: '',
  remark,
});

describe('visual: the start of today in Beijing time', () => {
  const table: Array<[string, number, string]> = [
    ['noon in Beijing', NOW, '2026-06-01 00:00:00'],
    ['15:59 UTC is still the same day in Beijing', Date.UTC(2026, 5, 1, 15, 59), '2026-06-01 00:00:00'],
    ['16:00 UTC is the next day in Beijing', Date.UTC(2026, 5, 1, 16, 0), '2026-06-02 00:00:00'],
    ['the year turns in Beijing first', Date.UTC(2025, 11, 31, 16, 30), '2026-01-01 00:00:00'],
  ];
  for (const [name, now, text] of table) it(name, () => expect(dayStartText(now)).to.equal(text));
});

describe('visual: a station’s capacity from its remark', () => {
  const table: Array<[string, ReturnType<typeof capacityOf>]> = [
    ['Qianhai BESS, 50 MW / 100 MWh', { mw: 50, mwh: 100 }],
    ['Feilaixia, 140 MW', { mw: 140, mwh: null }],
    ['Unit test, 12.5MW/25MWh', { mw: 12.5, mwh: 25 }],
    ['20 MWh only', null],
    ['', null],
    ['MW without a number', null],
  ];
  for (const [remark, capacity] of table) {
    it(JSON.stringify(remark), () => expect(capacityOf(remark)).to.deep.equal(capacity));
  }
});

describe('visual: whether a device is online', () => {
  const table: Array<[string, DevicePoint[], boolean]> = [
    ['a measurement of now', [point('A.B.P', 1, NOW)], true],
    ['a measurement at the edge of the window', [point('A.B.P', 1, NOW - ONLINE_WINDOW_MS)], true],
    ['only an older measurement', [point('A.B.P', 1, NOW - ONLINE_WINDOW_MS - 1)], false],
    [
      'one fresh point among points without data',
      [point('A.B.T', null, null), point('A.B.U', 230, NOW)],
      true,
    ],
    ['no point with data', [point('A.B.T', null, null)], false],
    ['no points at all', [], false],
    ['a time without a value', [point('A.B.P', null, NOW)], false],
    ['a time far in the future', [point('A.B.P', 1, NOW + 60 * MIN)], false],
  ];
  for (const [name, points, online] of table) {
    it(name, () => expect(isOnline(device('D', points), NOW)).to.equal(online));
  }
});

describe('visual: a station’s row', () => {
  const pcs1 = device('ES1-PCS1', [point('ES1.PCS1.P', -4.5, NOW), point('ES1.PCS1.SOC', 40, NOW, '%')]);
  const pcs2 = device('ES1-PCS2', [point('ES1.PCS2.P', 7.25, NOW), point('ES1.PCS2.SOC', 61, NOW, '%')]);
  const stale = device('ES1-T1', [point('ES1.T1.OIL', 50, NOW - 60 * MIN, '℃')]);
  const stalePcs = device('ES1-PCS3', [point('ES1.PCS3.P', 99, NOW - 60 * MIN)]);
  const table: Array<[string, Device[], Partial<StationRow>]> = [
    [
      'every device online: sums the power, averages the state of charge',
      [pcs1, pcs2],
      { devices: 2, online: 2, status: 'online', powerMw: 2.75, socPercent: 50.5 },
    ],
    [
      'one device offline: partly offline, its old values left out',
      [pcs1, stale, stalePcs],
      { devices: 3, online: 1, status: 'partial', powerMw: -4.5, socPercent: 40 },
    ],
    ['every device offline', [stale], { devices: 1, online: 0, status: 'offline', powerMw: null }],
    ['no devices', [], { devices: 0, online: 0, status: 'no-devices', powerMw: null, socPercent: null }],
  ];
  for (const [name, devices, expected] of table) {
    it(name, () => {
      const row = stationRow(station('ES1', 'Test, 20 MW / 40 MWh'), devices, NOW);
      expect(row).to.include(expected);
      expect(row.capacity).to.deep.equal({ mw: 20, mwh: 40 });
      expect(row.name).to.equal('ES1 站');
    });
  }

  it('takes the active power points by their point code P', () => {
    expect(powerPoints([pcs1, stale, pcs2])).to.deep.equal(['ES1.PCS1.P', 'ES1.PCS2.P']);
    expect(powerPoints([device('X', [point('ES1.X.PA', 1, NOW)])])).to.deep.equal([]);
  });
});

describe('visual: the headline figures', () => {
  const row = (over: Partial<StationRow>): StationRow => ({
    id: '1',
    stationId: 'ES1',
    name: 'ES1',
    capacity: null,
    devices: 0,
    online: 0,
    status: 'no-devices',
    powerMw: null,
    socPercent: null,
    ...over,
  });
  const table: Array<[string, StationRow[], number, number, ReturnType<typeof figuresOf>]> = [
    [
      'sums capacity, devices and power; counts stations without a capacity',
      [
        row({ capacity: { mw: 50, mwh: 100 }, devices: 4, online: 4, powerMw: 12.5 }),
        row({ capacity: { mw: 20, mwh: null }, devices: 4, online: 3, powerMw: -2.25 }),
        row({ devices: 2, online: 0 }),
      ],
      3,
      5,
      {
        stations: 3,
        capacityMw: 70,
        capacityMwh: 100,
        withoutCapacity: 1,
        devicesOnline: 7,
        devicesOffline: 3,
        powerMw: 10.25,
        alarmsToday: 5,
      },
    ],
    [
      'the server’s total counts stations beyond the rows read',
      [row({ capacity: { mw: 0.1, mwh: 0.2 } }), row({ capacity: { mw: 0.2, mwh: 0.4 } })],
      120,
      0,
      {
        stations: 120,
        capacityMw: 0.3,
        capacityMwh: 0.6,
        withoutCapacity: 0,
        devicesOnline: 0,
        devicesOffline: 0,
        powerMw: 0,
        alarmsToday: 0,
      },
    ],
    [
      'no stations',
      [],
      0,
      0,
      {
        stations: 0,
        capacityMw: 0,
        capacityMwh: 0,
        withoutCapacity: 0,
        devicesOnline: 0,
        devicesOffline: 0,
        powerMw: 0,
        alarmsToday: 0,
      },
    ],
  ];
  for (const [name, rows, total, alarms, figures] of table) {
    it(name, () => expect(figuresOf(rows, total, alarms)).to.deep.equal(figures));
  }

  it('writes figures with grouped thousands and at most the decimals asked', () => {
    expect(figureText(1234.56, 'en', 1)).to.equal('1,234.6');
    expect(figureText(48, 'zh-CN', 0)).to.equal('48');
    expect(figureText(-2.25, 'en', 2)).to.equal('-2.25');
  });
});

describe('visual: the sum of history lines', () => {
  const line = (realId: string, points: Array<[number, number | null, boolean?]>): HistoryLine => ({
    realId,
    name: realId,
    unit: 'MW',
    points: points.map(([ts, val, isPredict]) => ({ ts, val, isPredict: isPredict ?? false })),
  });
  const table: Array<[string, HistoryLine[], HistoryPoint[]]> = [
    ['no line', [], []],
    [
      'one line as it is',
      [
        line('a', [
          [1, 1.5],
          [2, -2],
        ]),
      ],
      [
        { ts: 1, val: 1.5, isPredict: false },
        { ts: 2, val: -2, isPredict: false },
      ],
    ],
    [
      'two lines on one grid, predicted where one is',
      [
        line('a', [
          [1, 1.1],
          [2, 2.2],
          [3, 3, true],
        ]),
        line('b', [
          [1, 0.2],
          [2, -0.2],
          [3, 1, true],
        ]),
      ],
      [
        { ts: 1, val: 1.3, isPredict: false },
        { ts: 2, val: 2, isPredict: false },
        { ts: 3, val: 4, isPredict: true },
      ],
    ],
    [
      'a missing value or a time one line lacks has no sum',
      [
        line('a', [
          [1, 1],
          [2, null],
          [3, 3],
        ]),
        line('b', [
          [1, 1],
          [2, 2],
        ]),
      ],
      [
        { ts: 1, val: 2, isPredict: false },
        { ts: 2, val: null, isPredict: false },
        { ts: 3, val: null, isPredict: false },
      ],
    ],
    [
      'times in order whatever order the lines have',
      [
        line('a', [
          [3, 1],
          [1, 1],
        ]),
        line('b', [
          [1, 2],
          [3, 2],
        ]),
      ],
      [
        { ts: 1, val: 3, isPredict: false },
        { ts: 3, val: 3, isPredict: false },
      ],
    ],
  ];
  for (const [name, lines, points] of table) it(name, () => expect(sumLines(lines)).to.deep.equal(points));
});

describe('visual: the clock time of an alarm', () => {
  const table: Array<[string, string]> = [
    ['2026-06-01 09:05:33', '09:05'],
    ['2026-06-01 23:59', '23:59'],
    ['not a time', 'not a time'],
    ['', ''],
  ];
  for (const [time, text] of table) it(JSON.stringify(time), () => expect(clockText(time)).to.equal(text));
});
