import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type RawBuilder, sql } from '../src/db/database.ts';
import { fingerprint, startServer, type TestServer } from './helpers.ts';

const BASE = '/api/hzinfo-data-config/deviceInstance/device';
const HOUR = 3_600_000;
// 2026-06-01 12:00 Beijing time: on every step's grid.
const NOW = Date.UTC(2026, 5, 1, 4, 0, 0);

interface Point {
  ts: number;
  val: number;
  isPredict: boolean;
}

describe('devices and history lines', () => {
  let s: TestServer;
  let hydro: string;
  let storage: string;
  const get = (path: string, token: string, headers?: Record<string, string>) =>
    s.call('GET', path, { token, headers });
  const history = (params: Record<string, string>, token = hydro) =>
    get(`${BASE}/getHistoryLineDataByRealId?${new URLSearchParams(params)}`, token);

  before(async () => {
    s = await startServer({ now: () => NOW });
    hydro = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
  });
  after(() => s.close());

  describe('the devices of a station', () => {
    it('lists a hydropower station’s units, gate, main transformer and DC system with their points', async () => {
      const res = await get(`${BASE}/list?stationId=HS0001`, hydro);
      assert.equal(res.status, 200);
      const devices = res.json.data;
      assert.deepEqual(
        devices.map((d: { deviceCode: string }) => d.deviceCode),
        ['HS0001-G1', 'HS0001-G2', 'HS0001-GATE1', 'HS0001-T1', 'HS0001-DC'],
      );
      const unit = devices[0];
      assert.equal(unit.deviceName, '1号机组');
      assert.equal(unit.deviceType, 'generator');
      assert.equal(unit.stationId, 'HS0001');
      assert.equal(unit.stationName, '飞来峡水电站');
      assert.match(unit.deptId, /^[1-9][0-9]*$/);
      assert.deepEqual(
        unit.points.map((p: { realId: string; name: string; unit: string }) => [p.realId, p.name, p.unit]),
        [
          ['HS0001.G1.P', '有功功率', 'MW'],
          ['HS0001.G1.Q', '无功功率', 'Mvar'],
          ['HS0001.G1.TS', '定子温度', '℃'],
          ['HS0001.G1.GV', '导叶开度', '%'],
        ],
      );
      // Feilaixia's 140 MW are two units of 70 MW: the output stays within 15-95 % of a unit.
      const power = unit.points[0];
      assert.equal(typeof power.value, 'number');
      assert.ok(power.value > 70 * 0.1 && power.value < 70, String(power.value));
      assert.equal(power.ts, NOW);
    });

    it('says a point without data has no latest value', async () => {
      const devices = (await get(`${BASE}/list?stationId=HS0001`, hydro)).json.data;
      const dc = devices.find((d: { deviceCode: string }) => d.deviceCode === 'HS0001-DC');
      const sensor = dc.points.find((p: { realId: string }) => p.realId === 'HS0001.DC.TB');
      assert.deepEqual([sensor.value, sensor.ts], [null, null]);
    });

    it('lists a storage station’s converters for its own tenant only', async () => {
      const mine = await get(`${BASE}/list?stationId=ES0001`, storage);
      assert.equal(mine.status, 200);
      assert.deepEqual(
        mine.json.data.map((d: { deviceCode: string }) => d.deviceCode),
        ['ES0001-PCS1', 'ES0001-PCS2', 'ES0001-T1', 'ES0001-DC'],
      );
      assert.equal(mine.json.data[0].points[1].name, '荷电状态');
      for (const [stationId, token] of [
        ['ES0001', hydro],
        ['HS0001', storage],
        ['HS9999', hydro],
      ] as const) {
        const res = await get(`${BASE}/list?stationId=${stationId}`, token);
        assert.equal(res.status, 404, stationId);
        assert.equal(res.json.msg, '电站不存在');
      }
    });

    it('gives every seeded station its devices', async () => {
      const count = async (query: RawBuilder<{ n: number }>) => (await s.app.opsDb.get(query))?.n;
      assert.equal(await count(sql`SELECT COUNT(*) AS n FROM devices WHERE tenant_id = '100001'`), 22 * 5);
      assert.equal(await count(sql`SELECT COUNT(*) AS n FROM devices WHERE tenant_id = '100002'`), 12 * 4);
      assert.equal(
        await count(
          sql`SELECT COUNT(*) AS n FROM depts s WHERE s.dept_category = 4
           AND NOT EXISTS (SELECT 1 FROM devices d WHERE d.dept_id = s.id)`,
        ),
        0,
      );
    });

    it('refuses a call without a station, or a malformed one, and a call without a token', async () => {
      const missing = await get(`${BASE}/list`, hydro);
      assert.equal(missing.status, 400);
      assert.match(missing.json.msg, /stationId/);
      const bad = await get(`${BASE}/list?stationId=${encodeURIComponent("HS0001' OR 1=1")}`, hydro);
      assert.equal(bad.status, 400);
      assert.match(bad.json.msg, /querystring\.stationId/);
      assert.equal((await s.call('GET', `${BASE}/list?stationId=HS0001`)).status, 401);
    });
  });

  describe('the history line of a point', () => {
    it('answers the last 24 h measured and the next 6 h predicted by default, every 5 minutes', async () => {
      const res = await history({ realId: 'HS0001.G1.P' });
      assert.equal(res.status, 200);
      const data = res.json.data;
      assert.equal(data.name, '有功功率');
      assert.equal(data.unit, 'MW');
      assert.equal(data.deviceCode, 'HS0001-G1');
      assert.equal(data.deviceName, '1号机组');
      assert.equal(data.stationName, '飞来峡水电站');
      assert.equal(data.step, 300);
      assert.equal(data.forecastFrom, NOW);
      assert.equal(data.beginTime, '2026-05-31 12:00:00');
      assert.equal(data.endTime, '2026-06-01 18:00:00');
      const points: Point[] = data.points;
      assert.equal(points.length, 24 * 12 + 1 + 6 * 12);
      assert.equal(points[0]?.ts, NOW - 24 * HOUR);
      assert.equal(points.at(-1)?.ts, NOW + 6 * HOUR);
      for (const [i, p] of points.entries()) {
        if (i > 0) assert.equal(p.ts - points[i - 1]!.ts, 300_000);
        assert.equal(p.isPredict, p.ts > NOW);
        assert.equal(typeof p.val, 'number');
      }
      assert.equal(points.filter((p) => p.isPredict).length, 72);
    });

    it('answers the same numbers for the same times, whatever range they are asked in', async () => {
      const a = (await history({ realId: 'HS0001.G1.P' })).json.data.points as Point[];
      const again = (await history({ realId: 'HS0001.G1.P' })).json.data.points as Point[];
      assert.deepEqual(again, a);
      const morning = (
        await history({ realId: 'HS0001.G1.P', beginTime: '2026-06-01 06:00', endTime: '2026-06-01 10:00' })
      ).json.data.points as Point[];
      assert.equal(morning.length, 4 * 12 + 1);
      for (const p of morning)
        assert.deepEqual(
          p,
          a.find((q) => q.ts === p.ts),
        );
      // Another point of the same unit follows its own curve.
      const reactive = (await history({ realId: 'HS0001.G1.Q' })).json.data.points as Point[];
      assert.notDeepEqual(
        reactive.map((p) => p.val),
        a.map((p) => p.val),
      );
    });

    it('takes times as Beijing time texts or as epoch milliseconds', async () => {
      const text = await history({
        realId: 'HS0001.G2.TS',
        beginTime: '2026-06-01 00:00:00',
        endTime: '2026-06-01 08:00',
      });
      const epoch = await history({
        realId: 'HS0001.G2.TS',
        beginTime: String(NOW - 12 * HOUR),
        endTime: String(NOW - 4 * HOUR),
      });
      assert.equal(text.status, 200);
      assert.deepEqual(text.json.data.points, epoch.json.data.points);
      assert.equal(epoch.json.data.beginTime, '2026-06-01 00:00:00');
      // startTime is accepted for beginTime.
      const start = await history({
        realId: 'HS0001.G2.TS',
        startTime: '2026-06-01',
        endTime: '2026-06-01 08:00',
      });
      assert.deepEqual(start.json.data.points, text.json.data.points);
    });

    it('has no predicted section for a range in the past, and a predicted one up to 24 h ahead', async () => {
      const past = (
        await history({ realId: 'HS0001.GATE1.UPL', beginTime: '2026-05-30', endTime: '2026-05-31' })
      ).json.data.points as Point[];
      assert.ok(past.length > 0);
      assert.ok(past.every((p) => !p.isPredict));
      const ahead = (
        await history({
          realId: 'HS0001.GATE1.UPL',
          beginTime: String(NOW),
          endTime: String(NOW + 24 * HOUR),
        })
      ).json.data.points as Point[];
      assert.equal(ahead[0]?.isPredict, false);
      assert.equal(ahead.filter((p) => p.isPredict).length, 24 * 12);
      assert.ok(ahead.every((p) => p.val >= 60 && p.val <= 68));
    });

    it('spaces longer ranges wider: 15 minutes up to 4 days, 30 minutes up to 7', async () => {
      const threeDays = await history({ realId: 'HS0001.T1.OIL', beginTime: String(NOW - 72 * HOUR) });
      assert.equal(threeDays.json.data.step, 900);
      const week = await history({
        realId: 'HS0001.T1.OIL',
        beginTime: String(NOW - 7 * 24 * HOUR),
        endTime: String(NOW),
      });
      assert.equal(week.status, 200);
      assert.equal(week.json.data.step, 1800);
      assert.equal(week.json.data.points.length, 7 * 48 + 1);
    });

    it('answers an empty line for a point without data', async () => {
      const res = await history({ realId: 'HS0001.DC.TB' });
      assert.equal(res.status, 200);
      assert.deepEqual(res.json.data.points, []);
    });

    it('serves the storage tenant’s points to it, and no tenant another’s', async () => {
      const soc = await history({ realId: 'ES0001.PCS1.SOC' }, storage);
      assert.equal(soc.status, 200);
      assert.ok((soc.json.data.points as Point[]).every((p) => p.val >= 5 && p.val <= 100));
      for (const [realId, token] of [
        ['ES0001.PCS1.SOC', hydro],
        ['HS0001.G1.P', storage],
        ['HS0001.G9.P', hydro],
      ] as const) {
        const res = await history({ realId }, token);
        assert.equal(res.status, 404, realId);
        assert.equal(res.json.msg, '测点不存在');
      }
      assert.equal(
        (await s.call('GET', `${BASE}/getHistoryLineDataByRealId?realId=HS0001.G1.P`)).status,
        401,
      );
    });

    it('refuses bad input with a message naming the problem, changing nothing', async () => {
      const cases: [string, Record<string, string>, RegExp][] = [
        ['no realId', {}, /querystring\.realId/],
        ['a malformed realId', { realId: 'HS0001 G1' }, /querystring\.realId/],
        ['a malformed time', { realId: 'HS0001.G1.P', beginTime: 'yesterday' }, /querystring\.beginTime/],
        ['31 February', { realId: 'HS0001.G1.P', beginTime: '2026-02-31' }, /^beginTime 不是有效的时间$/],
        ['25 o’clock', { realId: 'HS0001.G1.P', endTime: '2026-06-01 25:00' }, /^endTime 不是有效的时间$/],
        [
          'the end before the begin',
          { realId: 'HS0001.G1.P', beginTime: '2026-06-01 10:00', endTime: '2026-06-01 09:00' },
          /^结束时间必须晚于开始时间$/,
        ],
        [
          'an empty range',
          { realId: 'HS0001.G1.P', beginTime: '2026-06-01 10:00', endTime: '2026-06-01 10:00' },
          /^结束时间必须晚于开始时间$/,
        ],
        [
          'more than 7 days',
          { realId: 'HS0001.G1.P', beginTime: String(NOW - 7 * 24 * HOUR - 1), endTime: String(NOW) },
          /^查询时间范围不能超过 7 天$/,
        ],
        [
          'more than 24 h ahead',
          { realId: 'HS0001.G1.P', beginTime: String(NOW), endTime: String(NOW + 24 * HOUR + 1) },
          /^结束时间最多为当前时间之后 24 小时（预测范围）$/,
        ],
        [
          'a default begin after the end',
          { realId: 'HS0001.G1.P', endTime: '2026-05-01' },
          /^结束时间必须晚于开始时间$/,
        ],
      ];
      for (const [name, params, msg] of cases) {
        const before = await fingerprint(s);
        const res = await history(params);
        assert.equal(res.status, 400, name);
        assert.equal(res.json.success, false, name);
        assert.match(res.json.msg, msg, name);
        assert.equal(await fingerprint(s), before, `${name}: no row changed`);
      }
    });

    it('says why in English when asked to', async () => {
      const res = await get(
        `${BASE}/getHistoryLineDataByRealId?realId=HS0001.G1.P&beginTime=2026-05-01&endTime=2026-05-20`,
        hydro,
        { 'Hz-Language': 'en_US' },
      );
      assert.equal(res.json.msg, 'the time range may span at most 7 days');
      const foreign = await get(`${BASE}/getHistoryLineDataByRealId?realId=ES0001.PCS1.P`, hydro, {
        'Hz-Language': 'en_US',
      });
      assert.equal(foreign.json.msg, 'no such measurement point');
    });
  });
});
