import type { AppContext } from '../context.ts';
import { nowText } from '../db/repos/util.ts';
import { latestOf, seriesOf } from '../db/series.ts';
import { actionsOf } from './assistant-actions-data.ts';
import { Reads, tenantFacts } from './assistant-reads.ts';
import type { AlarmFacts, AssistantData } from './assistant-responder.ts';
import { curveOf } from './device-model.ts';

/** Beijing-time midnight of the day of `now` (the zone of every seeded time). */
function midnightOf(now: number): number {
  const day = 86_400_000;
  const offset = 8 * 3_600_000;
  return Math.floor((now + offset) / day) * day - offset;
}

/**
 * The built-in responder's view of the caller's seeded data: the tenant's stations, their points' values
 * and today's energy (from the seeded curves), and the caller's alarms. Each is read only when asked (see
 * assistant-reads.ts): within a pass, a fact not loaded yet is empty.
 */
function dataOf(ctx: AppContext, reads: Reads, tenantId: string, userId: number): AssistantData {
  const { repos } = ctx;
  const now = ctx.now();
  const facts = tenantFacts(ctx, reads, tenantId);
  const alarms = reads.fact(
    'alarms',
    async (): Promise<AlarmFacts[]> =>
      (
        await repos.messages.page(tenantId, userId, { businessClassify: 'alarm' }, { current: 1, size: 20 })
      ).records.map((m) => ({
        subject: m.subject,
        content: m.content,
        pushTime: m.push_time,
        read: m.status === 1,
      })),
    [],
  );
  const pointsOf = (stationId: string) => facts.points.now(stationId);
  return {
    stations: () =>
      facts.depts
        .now()
        .filter((d) => d.dept_category === 4 && d.station_id)
        .map((d) => ({
          stationId: d.station_id!,
          name: d.dept_name,
          englishName: /^([A-Za-z]+)/.exec(d.remark ?? '')?.[1] ?? '',
          kind: d.station_id!.startsWith('ES') ? ('storage' as const) : ('hydro' as const),
        })),
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
    alarms: () => alarms.now(),
    times: () => ({ now: nowText(now), midnight: nowText(midnightOf(now)) }),
    actions: actionsOf(ctx, reads, facts, tenantId, userId),
  };
}

/** What `answer` (pure over the caller's data) answers, the data read from the database as it asks. */
export function fromData<T>(
  ctx: AppContext,
  tenantId: string,
  userId: number,
  answer: (data: AssistantData) => T,
): Promise<T> {
  const reads = new Reads();
  const data = dataOf(ctx, reads, tenantId, userId);
  return reads.complete(() => answer(data));
}
