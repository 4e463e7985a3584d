import type { MessageDayCount } from '../db/repos/notices.ts';
import { messagesOf } from '../http/messages.ts';

/** The statistics call's limits (docs/api.md section 7): the longest range, first and last day counted. */
export const STATS_MAX_DAYS = 366;

/** The call's messages in the two console languages. */
export const statsText = messagesOf({
  dateRequired: ['{field} 不能为空（YYYY-MM-DD）', '{field} is required (YYYY-MM-DD)'],
  dateInvalid: ['{field} 不是有效的日期（YYYY-MM-DD）', '{field} is not a valid date (YYYY-MM-DD)'],
  dateOrder: ['开始日期不能晚于结束日期', 'startTime must not be after endTime'],
  rangeTooLong: ['统计范围不能超过 {days} 天', 'the range may span at most {days} days'],
});

type StatsMessage = Parameters<typeof statsText>[1];

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` as the UTC midnight of that date, or null when it names none (31 Feb). */
export function dayOf(text: string): number | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : null;
}

const dayText = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export type StatsRange =
  | { ok: true; days: string[]; from: string; toExclusive: string }
  | { ok: false; key: StatsMessage; vars?: Record<string, string | number> };

/**
 * The days a statistics call counts: both dates given and real, the start not after the end, at most
 * STATS_MAX_DAYS days, first and last included. `toExclusive` is the day after the last (push times are
 * `YYYY-MM-DD HH:mm:ss` texts in the server's zone, compared as text).
 */
export function statsRange(q: { startTime?: string; endTime?: string }): StatsRange {
  const fields = [
    ['startTime', q.startTime],
    ['endTime', q.endTime],
  ] as const;
  const parsed: number[] = [];
  for (const [field, value] of fields) {
    if (value === undefined || value === '') return { ok: false, key: 'dateRequired', vars: { field } };
    const day = dayOf(value);
    if (day === null) return { ok: false, key: 'dateInvalid', vars: { field } };
    parsed.push(day);
  }
  const [from, to] = parsed as [number, number];
  if (from > to) return { ok: false, key: 'dateOrder' };
  const count = (to - from) / DAY_MS + 1;
  if (count > STATS_MAX_DAYS) return { ok: false, key: 'rangeTooLong', vars: { days: STATS_MAX_DAYS } };
  const days = Array.from({ length: count }, (_, i) => dayText(from + i * DAY_MS));
  return { ok: true, days, from: dayText(from), toExclusive: dayText(to + DAY_MS) };
}

export interface AlarmStatistics {
  total: number;
  /** Each classification with messages in the range: most first, then by code. */
  byClassify: { businessClassify: string; count: number; unread: number }[];
  /** Every day of the range, in order; `byClassify` holds the classifications counted that day. */
  byDay: { day: string; count: number; byClassify: Record<string, number> }[];
}

/** The answer from the counts of each day and classification (days without messages count 0). */
export function alarmStatistics(days: readonly string[], rows: readonly MessageDayCount[]): AlarmStatistics {
  const byDay = new Map(
    days.map((day) => [day, { day, count: 0, byClassify: {} as Record<string, number> }]),
  );
  const classes = new Map<string, { businessClassify: string; count: number; unread: number }>();
  let total = 0;
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (!day) continue;
    day.count += row.count;
    day.byClassify[row.business_classify] = (day.byClassify[row.business_classify] ?? 0) + row.count;
    const entry = classes.get(row.business_classify) ?? {
      businessClassify: row.business_classify,
      count: 0,
      unread: 0,
    };
    entry.count += row.count;
    entry.unread += row.unread;
    classes.set(row.business_classify, entry);
    total += row.count;
  }
  const byClassify = [...classes.values()].sort(
    (a, b) => b.count - a.count || a.businessClassify.localeCompare(b.businessClassify),
  );
  return { total, byClassify, byDay: [...byDay.values()] };
}
