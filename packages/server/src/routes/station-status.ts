import Type from 'typebox';
import type { AppContext } from '../context.ts';
import type { PointRow } from '../db/repos/devices.ts';
import { nowText } from '../db/repos/util.ts';
import { latestOf, seriesOf, stepFor } from '../db/series.ts';
import { me } from '../http/auth.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import { query, type RouteApp } from '../http/schema.ts';
import { curveOf, HISTORY_LIMITS, historyRange, TIME_PATTERN } from './device-model.ts';

const STATION_ID = Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$' });
const TIME = Type.String({ pattern: TIME_PATTERN });

/** The point code of a realId (`<stationId>.<device>.<point>`): `P` active power, `SOC` state of charge. */
const codeOf = (realId: string) => realId.slice(realId.lastIndexOf('.') + 1);

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * The home page's figures in one call each (docs/api.md section 16), so an overview does not ask every
 * station for its devices: each station's devices online now with its active power and state of charge,
 * and the tenant's (or one station's) active power over a range.
 */
export function registerStationStatusRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const base = '/api/hzinfo-data-config/deviceInstance/device';

  /** The tenant's stations with their devices and those devices' points. */
  const stationsWithPoints = async (tenantId: string, stationId?: string) => {
    const stations = (await repos.depts.all(tenantId)).filter(
      (d) => d.dept_category === 4 && (stationId === undefined || d.station_id === stationId),
    );
    return Promise.all(
      stations.map(async (station) => {
        const devices = await repos.devices.byStation(tenantId, station.id);
        const points = await repos.devices.points(
          tenantId,
          devices.map((d) => d.id),
        );
        return { station, devices, points };
      }),
    );
  };

  app.get(`${base}/stationStatus`, async (request) => {
    const { tenantId } = me(request);
    const now = ctx.now();
    return ok(
      (await stationsWithPoints(tenantId)).map(({ station, devices, points }) => {
        const latest = new Map(points.map((p) => [p.id, latestOf(curveOf(p), now)]));
        // A device is online while one of its points has a measurement now (the 5-minute grid).
        const online = devices.filter((d) => points.some((p) => p.device_id === d.id && latest.get(p.id)));
        const values = (code: string) =>
          points.flatMap((p) => {
            const value = latest.get(p.id)?.val;
            return codeOf(p.real_id) === code && value !== undefined ? [value] : [];
          });
        const power = values('P');
        const soc = values('SOC');
        return {
          id: String(station.id),
          stationId: station.station_id ?? '',
          stationName: station.dept_name,
          devices: devices.length,
          online: online.length,
          powerMw: power.length
            ? round(
                power.reduce((a, b) => a + b, 0),
                2,
              )
            : null,
          socPercent: soc.length ? round(soc.reduce((a, b) => a + b, 0) / soc.length, 1) : null,
        };
      }),
    );
  });

  app.get(
    `${base}/powerLine`,
    {
      schema: {
        querystring: query({ stationId: STATION_ID, beginTime: TIME, startTime: TIME, endTime: TIME }, []),
      },
    },
    async (request) => {
      const { tenantId } = me(request);
      const q = request.query;
      const now = ctx.now();
      const range = historyRange({ beginTime: q.beginTime ?? q.startTime, endTime: q.endTime }, now);
      if (!range.ok) throw badRequest(t(request, range.key, range.vars));
      const stations = await stationsWithPoints(tenantId, q.stationId);
      if (q.stationId !== undefined && stations.length === 0) throw notFound(t(request, 'stationNotFound'));
      const power: PointRow[] = stations.flatMap((s) => s.points.filter((p) => codeOf(p.real_id) === 'P'));
      const converters = new Set(
        stations.flatMap((s) => s.devices.filter((d) => d.device_type === 'pcs').map((d) => d.id)),
      );
      // Storage when every summed point is a converter's (charging is negative), else generation.
      const kind =
        power.length > 0 && power.every((p) => converters.has(p.device_id)) ? 'storage' : 'generation';
      const window = {
        from: range.from,
        to: range.to,
        now,
        horizonMs: HISTORY_LIMITS.forecastHours * 3_600_000,
      };
      const lines = power.map((p) => seriesOf(curveOf(p), window));
      // Every point of every line is on the same grid: a time is summed where every line has a value.
      const sums = new Map<number, { val: number; isPredict: boolean; parts: number }>();
      for (const line of lines) {
        for (const p of line.points) {
          const sum = sums.get(p.ts) ?? { val: 0, isPredict: false, parts: 0 };
          sum.val += p.val;
          sum.isPredict ||= p.isPredict;
          sum.parts++;
          sums.set(p.ts, sum);
        }
      }
      const online = lines.filter((line) => line.points.length > 0).length;
      const points = [...sums]
        .filter(([, s]) => s.parts === online)
        .sort(([a], [b]) => a - b)
        .map(([ts, s]) => ({ ts, val: round(s.val, 2), isPredict: s.isPredict }));
      return ok({
        kind,
        unit: 'MW',
        stations: stations.length,
        sources: power.length,
        beginTime: nowText(range.from),
        endTime: nowText(range.to),
        forecastFrom: now,
        step: stepFor(range.to - range.from) / 1000,
        points,
      });
    },
  );
}
