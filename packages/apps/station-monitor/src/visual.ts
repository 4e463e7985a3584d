import { apiTimeText } from '@ops/shared/rules';
import type { Device, Station } from './api';
import type { HistoryLine, HistoryPoint } from './history';

/**
 * The big-screen overview's figures, computed from what the server answers the signed-in tenant: its
 * stations (docs/api.md section 9), each station's devices with their points' latest values (section 16)
 * and the caller's alarm messages pushed today (section 7).
 */

const MINUTE = 60_000;

/**
 * A device is online while one of its points has a measurement at most this old. Measurements are on a
 * 5-minute grid, so three missed ones make a device offline.
 */
export const ONLINE_WINDOW_MS = 15 * MINUTE;

/** The screen reads everything again at this interval (the measurements' grid). */
export const REFRESH_MS = 5 * MINUTE;

/** The screen's history line: the past hours shown before the forecast. */
export const CHART_RANGE = 'h24' as const;

/** The alarm messages' classification (docs/api.md section 7). */
export const ALARM_CLASSIFY = 'alarm';

/** The start of the day of `now` in Beijing time, as the alarm call's `startTime` (`YYYY-MM-DD 00:00:00`). */
export function dayStartText(now: number): string {
  return `${apiTimeText(now).slice(0, 10)} 00:00:00`;
}

export interface Capacity {
  /** Rated power in MW. */
  mw: number;
  /** Energy in MWh, when the station states one (storage stations). */
  mwh: number | null;
}

/**
 * A station's installed capacity as its remark states it ("Qianhai BESS, 50 MW / 100 MWh",
 * "Feilaixia, 140 MW"), or null when it states none.
 */
export function capacityOf(remark: string): Capacity | null {
  const mw = /(\d+(?:\.\d+)?)\s*MW(?![A-Za-z])/i.exec(remark);
  if (!mw) return null;
  const mwh = /(\d+(?:\.\d+)?)\s*MWh\b/i.exec(remark);
  return { mw: Number(mw[1]), mwh: mwh ? Number(mwh[1]) : null };
}

/** The point code of a realId (`<stationId>.<device>.<point>`, docs/api.md section 16). */
const pointCode = (realId: string): string => realId.slice(realId.lastIndexOf('.') + 1);

/** A station's active power points: the `P` point of each unit or converter. */
export function powerPoints(devices: readonly Device[]): string[] {
  return devices.flatMap((d) => d.points.filter((p) => pointCode(p.realId) === 'P').map((p) => p.realId));
}

/** Whether a device is online at `now`: one of its points has a measurement within the online window. */
export function isOnline(device: Device, now: number): boolean {
  return device.points.some(
    (p) => p.value !== null && p.ts !== null && p.ts <= now + MINUTE && now - p.ts <= ONLINE_WINDOW_MS,
  );
}

export type StationStatus = 'online' | 'partial' | 'offline' | 'no-devices';

export interface StationRow {
  id: string;
  stationId: string;
  name: string;
  capacity: Capacity | null;
  devices: number;
  online: number;
  status: StationStatus;
  /** The sum of its active power points' latest values (MW; negative while storage charges), or null. */
  powerMw: number | null;
  /** The mean of its states of charge (`SOC` points, %), or null. */
  socPercent: number | null;
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** A station's row on the screen from its devices. */
export function stationRow(station: Station, devices: readonly Device[], now: number): StationRow {
  const online = devices.filter((d) => isOnline(d, now)).length;
  const status: StationStatus =
    devices.length === 0
      ? 'no-devices'
      : online === devices.length
        ? 'online'
        : online === 0
          ? 'offline'
          : 'partial';
  const latest = (code: string) =>
    devices.flatMap((d) =>
      isOnline(d, now)
        ? d.points
            .filter((p) => pointCode(p.realId) === code && p.value !== null)
            .map((p) => p.value as number)
        : [],
    );
  const power = latest('P');
  const soc = latest('SOC');
  return {
    id: station.id,
    stationId: station.stationId,
    name: station.deptName,
    capacity: capacityOf(station.remark),
    devices: devices.length,
    online,
    status,
    powerMw: power.length
      ? round(
          power.reduce((a, b) => a + b, 0),
          2,
        )
      : null,
    socPercent: soc.length ? round(soc.reduce((a, b) => a + b, 0) / soc.length, 1) : null,
  };
}

export interface Figures {
  /** Stations of the tenant (the list's total). */
  stations: number;
  /** Installed power (MW) and energy (MWh) of the stations that state them. */
  capacityMw: number;
  capacityMwh: number;
  /** Stations without a stated capacity (not in the sums). */
  withoutCapacity: number;
  devicesOnline: number;
  devicesOffline: number;
  /** Active power of all stations now (MW). */
  powerMw: number;
  alarmsToday: number;
}

/** The headline figures from the station rows, the stations' total and the count of today's alarms. */
export function figuresOf(rows: readonly StationRow[], stationTotal: number, alarmsToday: number): Figures {
  let capacityMw = 0;
  let capacityMwh = 0;
  let withoutCapacity = 0;
  let devicesOnline = 0;
  let devices = 0;
  let powerMw = 0;
  for (const row of rows) {
    if (row.capacity) {
      capacityMw += row.capacity.mw;
      capacityMwh += row.capacity.mwh ?? 0;
    } else withoutCapacity++;
    devicesOnline += row.online;
    devices += row.devices;
    powerMw += row.powerMw ?? 0;
  }
  return {
    stations: Math.max(stationTotal, rows.length),
    capacityMw: round(capacityMw, 2),
    capacityMwh: round(capacityMwh, 2),
    withoutCapacity,
    devicesOnline,
    devicesOffline: devices - devicesOnline,
    powerMw: round(powerMw, 2),
    alarmsToday,
  };
}

/**
 * The sum of several history lines on their common time grid (a station's converters' active power):
 * a time where a line has no value, or that a line lacks, has no sum; a sum is predicted when one of its
 * parts is. Empty when there is no line.
 */
export function sumLines(lines: readonly HistoryLine[], decimals = 2): HistoryPoint[] {
  if (lines.length === 0) return [];
  const byTs = new Map<number, { val: number | null; isPredict: boolean; parts: number }>();
  for (const line of lines) {
    for (const p of line.points) {
      const sum = byTs.get(p.ts) ?? { val: 0, isPredict: false, parts: 0 };
      sum.val = sum.val === null || p.val === null ? null : sum.val + p.val;
      sum.isPredict ||= p.isPredict;
      sum.parts++;
      byTs.set(p.ts, sum);
    }
  }
  return [...byTs]
    .sort(([a], [b]) => a - b)
    .map(([ts, s]) => ({
      ts,
      val: s.val === null || s.parts < lines.length ? null : round(s.val, decimals),
      isPredict: s.isPredict,
    }));
}

/** The clock time (`HH:mm`) of an API time text of today; any other text as it is. */
export function clockText(time: string): string {
  const match = /^\d{4}-\d{2}-\d{2} (\d{2}:\d{2})(?::\d{2})?$/.exec(time);
  return match ? match[1]! : time;
}

/** A figure's number as the screen shows it: grouped thousands, at most `decimals` decimals. */
export function figureText(value: number, locale: string, decimals = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: decimals }).format(value);
}
