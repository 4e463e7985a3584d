import type { ChartPoint, LineSeries } from '@ops/ui';

const HOUR = 3_600_000;

/** The realtime page's time ranges: the past hours shown, each followed by the forecast. */
export const RANGES = [
  { key: 'h6', hours: 6 },
  { key: 'h24', hours: 24 },
  { key: 'h72', hours: 72 },
] as const;

export type RangeKey = (typeof RANGES)[number]['key'];

export const DEFAULT_RANGE: RangeKey = 'h24';

/** Hours of forecast after now in every range (the server predicts up to 24). */
export const FORECAST_HOURS = 6;

export function isRangeKey(value: string): value is RangeKey {
  return RANGES.some((range) => range.key === value);
}

/**
 * The query of the history call for a point and a range at `now`: the range's hours before now (on the
 * minute, so calls within a minute ask for the same points) and the forecast after it, in epoch ms.
 */
export function historyQuery(
  realId: string,
  range: RangeKey,
  now: number,
): { realId: string; beginTime: string; endTime: string } {
  const hours = RANGES.find((r) => r.key === range)?.hours ?? 24;
  const minute = Math.floor(now / 60_000) * 60_000;
  return {
    realId,
    beginTime: String(minute - hours * HOUR),
    endTime: String(minute + FORECAST_HOURS * HOUR),
  };
}

export interface HistoryPoint {
  ts: number;
  val: number | null;
  isPredict: boolean;
}

export interface HistoryLine {
  realId: string;
  name: string;
  unit: string;
  points: HistoryPoint[];
}

/** The history call's `data`, or null when it is not a history line (the page then shows its error). */
export function parseHistory(data: unknown): HistoryLine | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.realId !== 'string' || !Array.isArray(d.points)) return null;
  const points: HistoryPoint[] = [];
  for (const p of d.points as unknown[]) {
    if (!p || typeof p !== 'object') return null;
    const { ts, val, isPredict } = p as Record<string, unknown>;
    if (typeof ts !== 'number' || !Number.isFinite(ts)) return null;
    points.push({
      ts,
      val: typeof val === 'number' && Number.isFinite(val) ? val : null,
      isPredict: isPredict === true,
    });
  }
  points.sort((a, b) => a.ts - b.ts);
  return {
    realId: d.realId,
    name: typeof d.name === 'string' ? d.name : d.realId,
    unit: typeof d.unit === 'string' ? d.unit : '',
    points,
  };
}

/**
 * The chart's series of a history line: the measured part and the forecast as two series (two colours),
 * the forecast starting at the last measurement so the line does not break; its points are flagged, so
 * the chart shades the forecast's section. No series at all when the line has no value (the chart then
 * shows its no-data text).
 */
export function chartSeries(
  points: readonly HistoryPoint[],
  names: { measured: string; predicted: string },
): LineSeries[] {
  if (!points.some((p) => p.val !== null)) return [];
  const toChart = (p: HistoryPoint): ChartPoint => ({ ts: p.ts, val: p.val, isPredict: p.isPredict });
  const measured = points.filter((p) => !p.isPredict).map(toChart);
  const predicted = points.filter((p) => p.isPredict).map(toChart);
  const series: LineSeries[] = [];
  if (measured.length > 0) series.push({ name: names.measured, points: measured });
  if (predicted.length > 0) {
    const bridge = measured.at(-1);
    series.push({
      name: names.predicted,
      points: bridge ? [{ ts: bridge.ts, val: bridge.val, isPredict: false }, ...predicted] : predicted,
    });
  }
  return series;
}

/** A point's latest value with its unit, or null when it has none. */
export function valueText(value: number | null, unit: string): string | null {
  if (value === null || !Number.isFinite(value)) return null;
  return unit ? `${value} ${unit}` : String(value);
}

/** A time as `MM-DD HH:mm` in the browser's time zone (a latest value is at most minutes old). */
export function timeText(ts: number | null): string {
  if (ts === null || !Number.isFinite(ts)) return '';
  const d = new Date(ts);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}
