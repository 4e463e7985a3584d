import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { nowText } from '../db/repos/util.ts';
import { latestOf, seriesOf } from '../db/series.ts';
import { me } from '../http/auth.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import { query, type RouteApp } from '../http/schema.ts';
import { curveOf, HISTORY_LIMITS, historyRange, TIME_PATTERN } from './device-model.ts';

const STATION_ID = Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$' });
const REAL_ID = Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' });
const TIME = Type.String({ pattern: TIME_PATTERN });

/**
 * Devices of a station with their points' latest values, and a point's history line (measured up to now,
 * predicted after it) computed from the seeded curve of the point.
 */
export function registerDeviceRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const base = '/api/hzinfo-data-config/deviceInstance/device';

  app.get(
    `${base}/list`,
    { schema: { querystring: query({ stationId: STATION_ID }, ['stationId']) } },
    async (request) => {
      const { tenantId } = me(request);
      const station = await repos.devices.station(tenantId, request.query.stationId);
      if (!station) throw notFound(t(request, 'stationNotFound'));
      const devices = await repos.devices.byStation(tenantId, station.id);
      const points = await repos.devices.points(
        tenantId,
        devices.map((d) => d.id),
      );
      const now = ctx.now();
      return ok(
        devices.map((d) => ({
          id: String(d.id),
          deviceCode: d.device_code,
          deviceName: d.device_name,
          deviceType: d.device_type,
          model: d.model,
          deptId: String(station.id),
          stationId: station.station_id,
          stationName: station.dept_name,
          points: points
            .filter((p) => p.device_id === d.id)
            .map((p) => {
              const latest = latestOf(curveOf(p), now);
              return {
                realId: p.real_id,
                name: p.point_name,
                unit: p.unit,
                value: latest?.val ?? null,
                ts: latest?.ts ?? null,
              };
            }),
        })),
      );
    },
  );

  app.get(
    `${base}/getHistoryLineDataByRealId`,
    {
      schema: {
        querystring: query({ realId: REAL_ID, beginTime: TIME, startTime: TIME, endTime: TIME }, ['realId']),
      },
    },
    async (request) => {
      const { tenantId } = me(request);
      const q = request.query;
      const now = ctx.now();
      const range = historyRange({ beginTime: q.beginTime ?? q.startTime, endTime: q.endTime }, now);
      if (!range.ok) throw badRequest(t(request, range.key, range.vars));
      const point = await repos.devices.pointByRealId(tenantId, q.realId);
      if (!point) throw notFound(t(request, 'pointNotFound'));
      const { step, points } = seriesOf(curveOf(point), {
        from: range.from,
        to: range.to,
        now,
        horizonMs: HISTORY_LIMITS.forecastHours * 3_600_000,
      });
      return ok({
        realId: point.real_id,
        name: point.point_name,
        unit: point.unit,
        deviceCode: point.device_code,
        deviceName: point.device_name,
        stationId: point.station_id,
        stationName: point.station_name,
        beginTime: nowText(range.from),
        endTime: nowText(range.to),
        forecastFrom: now,
        step: step / 1000,
        points,
      });
    },
  );
}
