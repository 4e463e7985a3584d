import type { PointRow } from '../db/repos/devices.ts';
import type { SeriesCurve } from '../db/series.ts';
import type { MessageKey } from '../http/messages.ts';

/** The history call's limits (docs/api.md, section "Devices and history lines"). */
export const HISTORY_LIMITS = {
  /** Longest range, end minus begin. */
  maxRangeDays: 7,
  /** How far past now the range may reach: the forecast. */
  forecastHours: 24,
  /** Default range: the last 24 h and the next 6 h. */
  defaultPastHours: 24,
  defaultForecastHours: 6,
} as const;

/** A seeded point's curve, from which its values at any time are computed (db/series.ts). */
export const curveOf = (p: PointRow): SeriesCurve => ({
  realId: p.real_id,
  profile: p.profile,
  min: p.min_value,
  max: p.max_value,
  noise: p.noise,
  decimals: p.decimals,
});

const HOUR = 3_600_000;
const ZONE_OFFSET = 8 * HOUR;
const TEXT_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Epoch milliseconds (a digit string) or a time text `YYYY-MM-DD[ HH:mm[:ss]]` in Beijing time. */
export const TIME_PATTERN = '^([0-9]{1,15}|[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}(:[0-9]{2})?)?)$';

/** The time a query value names, or null when it names none (31 February, 25:00). */
export function parseTime(value: string): number | null {
  if (/^\d+$/.test(value)) return Number(value);
  const match = TEXT_TIME.exec(value);
  if (!match) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const ms = Date.UTC(y!, mo! - 1, d!, h, mi, s);
  const back = new Date(ms);
  const same =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo! - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === s;
  return same ? ms - ZONE_OFFSET : null;
}

export type RangeResult =
  | { ok: true; from: number; to: number }
  | { ok: false; key: MessageKey; vars?: Record<string, string | number> };

/**
 * The range a history call asks for: begin and end default to 24 h before and 6 h after now; the end must
 * follow the begin, the range span at most 7 days and end at most 24 h past now.
 */
export function historyRange(q: { beginTime?: string; endTime?: string }, now: number): RangeResult {
  const from =
    q.beginTime === undefined ? now - HISTORY_LIMITS.defaultPastHours * HOUR : parseTime(q.beginTime);
  if (from === null) return { ok: false, key: 'timeInvalid', vars: { field: 'beginTime' } };
  const to =
    q.endTime === undefined ? now + HISTORY_LIMITS.defaultForecastHours * HOUR : parseTime(q.endTime);
  if (to === null) return { ok: false, key: 'timeInvalid', vars: { field: 'endTime' } };
  if (to <= from) return { ok: false, key: 'rangeOrder' };
  if (to - from > HISTORY_LIMITS.maxRangeDays * 24 * HOUR) {
    return { ok: false, key: 'rangeTooLong', vars: { days: HISTORY_LIMITS.maxRangeDays } };
  }
  if (to > now + HISTORY_LIMITS.forecastHours * HOUR) {
    return { ok: false, key: 'rangeAhead', vars: { hours: HISTORY_LIMITS.forecastHours } };
  }
  return { ok: true, from, to };
}
