/** Pure parts of the line chart: series, predicted range, zoom window (spec §2, §9). */

export interface ChartPoint {
  /** Time: epoch milliseconds or a date string. */
  ts: number | string;
  val: number | null;
  isPredict?: boolean;
}

export interface LineSeries {
  name: string;
  points: readonly ChartPoint[];
}

/**
 * The console's chart colour set (spec §9: five colours, in series order): the theme's brand and status
 * colours, as tokens of root-config/src/frame.css.
 */
export const CHART_COLOR_TOKENS = [
  '--ops-primary',
  '--ops-success',
  '--ops-warning',
  '--ops-danger',
  '--ops-info',
] as const;

/** The tokens of the chart's lines and labels. */
export const CHART_INK_TOKENS = {
  grid: '--ops-border-lighter',
  legend: '--ops-text-regular',
  muted: '--ops-text-muted',
  axis: '--ops-border',
  strong: '--ops-border-strong',
} as const;

export type ChartInk = Record<keyof typeof CHART_INK_TOKENS, string>;

export interface ChartTheme {
  /** The series colours; undefined (ApexCharts' own palette) when the page lacks one of the tokens. */
  colors: string[] | undefined;
  ink: ChartInk;
}

/**
 * The chart's colours in the page's theme. ApexCharts wants concrete colours (it derives shades from them),
 * not var(): `read` gives a token's value as the page has it (a computed style's getPropertyValue). Where
 * the page lacks a token (a test page without the frame's stylesheet), lines and labels take the text
 * colour.
 */
export function chartTheme(read: (token: string) => string): ChartTheme {
  const value = (token: string) => read(token).trim();
  const ink = (part: keyof ChartInk) => value(CHART_INK_TOKENS[part]) || 'currentColor';
  const colors = CHART_COLOR_TOKENS.map(value);
  return {
    colors: colors.every(Boolean) ? colors : undefined,
    ink: {
      grid: ink('grid'),
      legend: ink('legend'),
      muted: ink('muted'),
      axis: ink('axis'),
      strong: ink('strong'),
    },
  };
}

/** The zoom slider's initial window, in percent of the time range (spec §9: 0-50 percent). */
export const DEFAULT_ZOOM: ZoomWindow = { start: 0, end: 50 };

export interface ZoomWindow {
  start: number;
  end: number;
}

export const toTime = (ts: number | string): number => (typeof ts === 'number' ? ts : Date.parse(ts));

export function hasData(series: readonly LineSeries[]): boolean {
  return series.some((s) => s.points.some((p) => p.val !== null && Number.isFinite(toTime(p.ts))));
}

/** The time range of every point, or null without data. */
export function timeRange(series: readonly LineSeries[]): { min: number; max: number } | null {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const s of series) {
    for (const p of s.points) {
      const t = toTime(p.ts);
      if (!Number.isFinite(t)) continue;
      min = Math.min(min, t);
      max = Math.max(max, t);
    }
  }
  return min <= max ? { min, max } : null;
}

/** The shaded predicted section: from the first to the last predicted time across all series. */
export function predictedRange(series: readonly LineSeries[]): { from: number; to: number } | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const s of series) {
    for (const p of s.points) {
      if (!p.isPredict) continue;
      const t = toTime(p.ts);
      if (!Number.isFinite(t)) continue;
      from = Math.min(from, t);
      to = Math.max(to, t);
    }
  }
  return from <= to ? { from, to } : null;
}

/** Keeps a window inside 0-100 with start below end (at least one percent apart). */
export function clampZoom({ start, end }: ZoomWindow): ZoomWindow {
  const s = Math.min(99, Math.max(0, Math.round(start)));
  const e = Math.min(100, Math.max(s + 1, Math.round(end)));
  return { start: s, end: e };
}

/** The visible time window for a zoom window over a range. */
export function visibleRange(
  range: { min: number; max: number },
  zoom: ZoomWindow,
): { min: number; max: number } {
  const span = range.max - range.min;
  return { min: range.min + (span * zoom.start) / 100, max: range.min + (span * zoom.end) / 100 };
}
