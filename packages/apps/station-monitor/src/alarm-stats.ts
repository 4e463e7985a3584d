import { type DictEntry, labelOf } from '@ops/shared/rules';
import { dayStartText } from './visual';

/**
 * The alarm statistics page's rules: the range of days it asks for (docs/api.md section 7,
 * getAlarmStatistics), the server's answer read without trusting it, and the answer shaped into the
 * charts' series and the tables' rows.
 */

/** The longest range the server counts, first and last day included. */
export const MAX_DAYS = 366;

/** The quick choices: the last 7 and the last 30 days, today included. */
export const QUICK_DAYS = [7, 30] as const;

/** The range shown first. */
export const DEFAULT_DAYS = 7;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DayRange {
  /** First day, `YYYY-MM-DD` (a date input's value; '' while incomplete). */
  from: string;
  /** Last day, included. */
  to: string;
}

/** A date `YYYY-MM-DD` as the UTC midnight of that date, or null when it names none (31 February). */
function dayMs(text: string): number | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : null;
}

const dayText = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Today in Beijing time (the API's days), `YYYY-MM-DD`. */
export const todayOf = (now: number): string => dayStartText(now).slice(0, 10);

/** The last `days` days ending today. */
export function lastDays(days: number, now: number): DayRange {
  const to = todayOf(now);
  return { from: dayText((dayMs(to) ?? 0) - (days - 1) * DAY_MS), to };
}

/** How many days the range covers (both ends counted), or 0 when it is not a valid range. */
export function daysIn(range: DayRange): number {
  const from = dayMs(range.from);
  const to = dayMs(range.to);
  return from === null || to === null || from > to ? 0 : (to - from) / DAY_MS + 1;
}

export type RangeProblem = 'missing' | 'order' | 'tooLong';

/** What keeps the range from being asked for: a date missing (or incomplete), from after to, too long. */
export function rangeProblem(range: DayRange): RangeProblem | null {
  const from = dayMs(range.from);
  const to = dayMs(range.to);
  if (from === null || to === null) return 'missing';
  if (from > to) return 'order';
  return (to - from) / DAY_MS + 1 > MAX_DAYS ? 'tooLong' : null;
}

/** The quick choice the range is, if any (the last N days ending today). */
export function quickOf(range: DayRange, now: number): number | null {
  return (
    QUICK_DAYS.find((days) => {
      const quick = lastDays(days, now);
      return quick.from === range.from && quick.to === range.to;
    }) ?? null
  );
}

export interface ClassifyCount {
  businessClassify: string;
  count: number;
  unread: number;
}

export interface DayCount {
  day: string;
  count: number;
  byClassify: Record<string, number>;
}

export interface AlarmStats {
  total: number;
  byClassify: ClassifyCount[];
  byDay: DayCount[];
}

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    : [];

/** The statistics call's `data`; an answer of another shape is an error. */
export function parseStats(data: unknown): AlarmStats {
  const d = data as { total?: unknown; byClassify?: unknown; byDay?: unknown } | null;
  if (!d || typeof d !== 'object' || !Array.isArray(d.byClassify) || !Array.isArray(d.byDay))
    throw new TypeError('not alarm statistics');
  const byClassify = records(d.byClassify)
    .filter((c) => typeof c.businessClassify === 'string' && c.businessClassify !== '')
    .map((c) => ({
      businessClassify: String(c.businessClassify),
      count: count(c.count),
      unread: count(c.unread),
    }));
  const byDay = records(d.byDay)
    .filter((r) => typeof r.day === 'string' && DATE.test(r.day))
    .map((r) => {
      const counts: Record<string, number> = {};
      if (r.byClassify && typeof r.byClassify === 'object')
        for (const [key, value] of Object.entries(r.byClassify))
          if (count(value) > 0) counts[key] = count(value);
      return { day: String(r.day), count: count(r.count), byClassify: counts };
    });
  return { total: count(d.total), byClassify, byDay };
}

/**
 * The classifications counted, in the dictionary's order (so each keeps its place and colour from one
 * range to the next), those the dictionary does not know after them.
 */
export function classifyKeys(stats: AlarmStats, dict: readonly DictEntry[]): string[] {
  const counted = new Set(stats.byClassify.filter((c) => c.count > 0).map((c) => c.businessClassify));
  for (const day of stats.byDay) for (const key of Object.keys(day.byClassify)) counted.add(key);
  const known = dict.map((e) => e.key).filter((key) => counted.has(key));
  return [...known, ...[...counted].filter((key) => !known.includes(key))];
}

export interface ClassifyRow {
  key: string;
  label: string;
  count: number;
  unread: number;
  /** Share of the total, in percent (one decimal). */
  share: number;
}

/** One row a classification (the table, and the donut's slices), named in the language. */
export function classifyRows(
  stats: AlarmStats,
  keys: readonly string[],
  dict: readonly DictEntry[],
  lang: string,
): ClassifyRow[] {
  return keys.map((key) => {
    const c = stats.byClassify.find((e) => e.businessClassify === key);
    const n = c?.count ?? stats.byDay.reduce((sum, d) => sum + (d.byClassify[key] ?? 0), 0);
    return {
      key,
      label: labelOf(dict, key, lang),
      count: n,
      unread: c?.unread ?? 0,
      share: stats.total > 0 ? Math.round((n / stats.total) * 1000) / 10 : 0,
    };
  });
}

export interface DayRow {
  day: string;
  count: number;
  /** The day's count of each classification, in the order of the keys. */
  counts: number[];
}

/** One row a day, every classification's count in it (0 where none). */
export function dayRows(stats: AlarmStats, keys: readonly string[]): DayRow[] {
  return stats.byDay.map((d) => ({
    day: d.day,
    count: d.count,
    counts: keys.map((k) => d.byClassify[k] ?? 0),
  }));
}

export interface BarSeries {
  name: string;
  data: number[];
}

/** The day chart's stacked series: one a classification, one value a day. */
export function daySeries(rows: readonly DayRow[], classes: readonly ClassifyRow[]): BarSeries[] {
  return classes.map((c, i) => ({ name: c.label, data: rows.map((r) => r.counts[i] ?? 0) }));
}

/** A day's label on the chart's axis: `MM-DD` (the year shows in the table). */
export const dayLabel = (day: string): string => day.slice(5);
