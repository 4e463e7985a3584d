import type { AppContext } from '../context.ts';
import { nowText } from '../db/repos/util.ts';
import { latestOf, seriesOf } from '../db/series.ts';
import { actionsOf } from './assistant-actions-data.ts';
import type { AssistantData, StationFacts } from './assistant-responder.ts';
import { curveOf } from './device-model.ts';

/** Beijing-time midnight of the day of `now` (the zone of every seeded time). */
function midnightOf(now: number): number {
  const day = 86_400_000;
  const offset = 8 * 3_600_000;
  return Math.floor((now + offset) / day) * day - offset;
}

/**
 * The built-in responder's view of the caller's seeded data: the tenant's stations, their points' values
 * and today's energy (from the seeded curves), and the caller's alarms. Each is read only when asked.
 */
export function dataOf(ctx: AppContext, tenantId: string, userId: number): AssistantData {
  const { repos } = ctx;
  const now = ctx.now();
  let stations: StationFacts[] | null = null;
  const all = () => {
    stations ??= repos.depts
      .all(tenantId)
      .filter((d) => d.dept_category === 4 && d.station_id)
      .map((d) => ({
        stationId: d.station_id!,
        name: d.dept_name,
        englishName: /^([A-Za-z]+)/.exec(d.remark ?? '')?.[1] ?? '',
        kind: d.station_id!.startsWith('ES') ? ('storage' as const) : ('hydro' as const),
      }));
    return stations;
  };
  const pointsOf = (stationId: string) => {
    const station = repos.devices.station(tenantId, stationId);
    if (!station) return [];
    const devices = repos.devices.byStation(tenantId, station.id);
    return repos.devices
      .points(
        tenantId,
        devices.map((d) => d.id),
      )
      .map((p) => ({ point: p, device: devices.find((d) => d.id === p.device_id)! }));
  };
  return {
    stations: all,
    points: (stationId) =>
      pointsOf(stationId).map(({ point, device }) => ({
        realId: point.real_id,
        pointName: point.point_name,
        unit: point.unit,
        deviceName: device.device_name,
        deviceCode: device.device_code,
        value: latestOf(curveOf(point), now)?.val ?? null,
      })),
    energyToday(stationId) {
      let mwh = 0;
      for (const { point, device } of pointsOf(stationId)) {
        if (!point.real_id.endsWith('.P') || !['generator', 'pcs'].includes(device.device_type)) continue;
        const { step, points } = seriesOf(curveOf(point), {
          from: midnightOf(now),
          to: now,
          now,
          horizonMs: 0,
        });
        for (const p of points) if (p.val > 0) mwh += (p.val * step) / 3_600_000;
      }
      return mwh;
    },
    alarms: () =>
      repos.messages
        .page(tenantId, userId, { businessClassify: 'alarm' }, { current: 1, size: 20 })
        .records.map((m) => ({
          subject: m.subject,
          content: m.content,
          pushTime: m.push_time,
          read: m.status === 1,
        })),
    times: () => ({ now: nowText(now), midnight: nowText(midnightOf(now)) }),
    actions: actionsOf(ctx, tenantId, userId),
  };
}
