import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from './helpers.ts';

const BASE = '/api/hzinfo-data-config/deviceInstance/device';
// 2026-06-01 12:00 Beijing time: on every step's grid.
const NOW = Date.UTC(2026, 5, 1, 4, 0, 0);

interface Status {
  id: string;
  stationId: string;
  stationName: string;
  devices: number;
  online: number;
  powerMw: number | null;
  socPercent: number | null;
}

interface Point {
  ts: number;
  val: number;
  isPredict: boolean;
}

describe('station status and the power line (the home page)', () => {
  let s: TestServer;
  let hydro: string;
  let storage: string;
  const get = (path: string, token: string) => s.call('GET', path, { token });
  const line = (params: Record<string, string>, token = hydro) =>
    get(`${BASE}/powerLine?${new URLSearchParams(params)}`, token);

  before(async () => {
    s = await startServer({ now: () => NOW });
    hydro = (await s.login('100001', 'operator', 'Operator@2026')).access_token;
    storage = (await s.login('100002', 'admin', 'Storage@2026')).access_token;
  });
  after(() => s.close());

  it('answers every station of the caller’s tenant with its devices online, power and charge', async () => {
    const res = await get(`${BASE}/stationStatus`, hydro);
    assert.equal(res.status, 200);
    const rows: Status[] = res.json.data;
    assert.equal(rows.length, 22);
    const first = rows[0]!;
    assert.equal(first.stationId, 'HS0001');
    assert.equal(first.stationName, '飞来峡水电站');
    assert.deepEqual([first.devices, first.online, first.socPercent], [5, 5, null]);
    // The two units' latest active power, as the devices list answers it.
    const devices = (await get(`${BASE}/list?stationId=HS0001`, hydro)).json.data as {
      points: { realId: string; value: number }[];
    }[];
    const power = devices
      .flatMap((d) => d.points)
      .filter((p) => p.realId.endsWith('.P'))
      .reduce((sum, p) => sum + p.value, 0);
    assert.ok(Math.abs((first.powerMw ?? 0) - power) < 0.011, `${first.powerMw} ≈ ${power}`);

    const mine: Status[] = (await get(`${BASE}/stationStatus`, storage)).json.data;
    assert.equal(mine.length, 12);
    assert.ok(mine.every((r) => r.stationId.startsWith('ES')));
    const soc = mine[0]!.socPercent;
    assert.ok(soc !== null && soc >= 0 && soc <= 100, String(soc));
  });

  it('sums the tenant’s active power over the range: measured until now, predicted after', async () => {
    const res = await line({ beginTime: '2026-06-01 00:00', endTime: '2026-06-01 18:00' });
    assert.equal(res.status, 200);
    const data = res.json.data;
    assert.deepEqual(
      [data.kind, data.unit, data.stations, data.sources, data.step],
      ['generation', 'MW', 22, 44, 300],
    );
    assert.equal((await line({}, storage)).json.data.kind, 'storage');
    assert.equal(data.beginTime, '2026-06-01 00:00:00');
    const points: Point[] = data.points;
    assert.equal(points.length, 18 * 12 + 1);
    assert.ok(points.every((p) => p.isPredict === p.ts > NOW));
    // One station's line is the sum of its units' history lines.
    const one = await line({
      stationId: 'HS0001',
      beginTime: '2026-06-01 10:00',
      endTime: '2026-06-01 12:00',
    });
    const unit = async (realId: string) =>
      (
        await get(
          `${BASE}/getHistoryLineDataByRealId?realId=${realId}&beginTime=2026-06-01 10:00&endTime=2026-06-01 12:00`,
          hydro,
        )
      ).json.data.points as Point[];
    const [g1, g2] = [await unit('HS0001.G1.P'), await unit('HS0001.G2.P')];
    const sums: Point[] = one.json.data.points;
    assert.equal(sums.length, g1.length);
    for (const [i, p] of sums.entries()) assert.ok(Math.abs(p.val - (g1[i]!.val + g2[i]!.val)) < 0.011);
  });

  it('refuses bad input with a 400 and another tenant’s station with a 404', async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ stationId: "HS0001' OR 1=1" }, 400, /stationId/],
      [{ beginTime: 'yesterday' }, 400, /beginTime/],
      [{ beginTime: '2026-02-31 00:00' }, 400, /beginTime/],
      [{ beginTime: '2026-06-01 12:00', endTime: '2026-06-01 10:00' }, 400, /结束时间必须晚于开始时间/],
      [{ beginTime: '2026-05-01 00:00', endTime: '2026-06-01 00:00' }, 400, /7 天/],
      [{ stationId: 'ES0001' }, 404, /电站不存在/],
    ];
    for (const [params, status, msg] of cases) {
      const res = await line(params);
      assert.equal(res.status, status, JSON.stringify(params));
      assert.match(res.json.msg, msg);
    }
    assert.equal((await s.call('GET', `${BASE}/powerLine`)).status, 401);
  });
  it('counts each tenant’s stations in the platform’s tenant list', async () => {
    const platform = (await s.login('000000', 'admin', 'admin123')).access_token;
    const res = await get('/api/blade-system/tenant/list?current=1&size=10', platform);
    assert.equal(res.status, 200);
    const counts = Object.fromEntries(
      (res.json.data.records as { tenantId: string; stationCount: number }[]).map((r) => [
        r.tenantId,
        r.stationCount,
      ]),
    );
    assert.deepEqual([counts['000000'], counts['100001'], counts['100002']], [0, 22, 12]);
    assert.equal((await get('/api/blade-system/tenant/list', hydro)).status, 403);
  });

  // Last: it adds a station to the tenant.
  it('counts a station without devices as one without devices, and refuses a call without a token', async () => {
    const created = await s.call('POST', '/api/blade-system/dept/submit', {
      token: (await s.login('100001', 'admin', 'Hydro@2026')).access_token,
      body: { stationId: 'HSNEW1', deptName: '新站', linkman: '张三' },
    });
    assert.equal(created.status, 200, JSON.stringify(created.json));
    const rows: Status[] = (await get(`${BASE}/stationStatus`, hydro)).json.data;
    const fresh = rows.find((r) => r.stationId === 'HSNEW1');
    assert.deepEqual(fresh && [fresh.devices, fresh.online, fresh.powerMw], [0, 0, null]);
    assert.equal((await s.call('GET', `${BASE}/stationStatus`)).status, 401);
  });
});
