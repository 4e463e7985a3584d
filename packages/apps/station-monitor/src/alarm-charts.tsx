import { useStylesheetsReady } from '@ops/ui';
import type { ApexOptions } from 'apexcharts';
import { type ReactNode, useMemo } from 'react';
import ReactApexChart from 'react-apexcharts';
import type { BarSeries, ClassifyRow } from './alarm-stats';

// The alarm statistics' two charts, in a chunk of their own that the page loads when it first has data
// to draw: ApexCharts (an import-map entry) comes with it, never with the app's other pages.

/**
 * The classifications' colours, in order (alarms first, in the danger colour), repeated past the last:
 * the theme's solid colours only (ApexCharts derives its hover shades from them; a color-mix() token it
 * cannot read).
 */
export const STAT_COLOR_TOKENS = [
  '--ops-danger',
  '--ops-warning',
  '--ops-primary',
  '--ops-success',
  '--ops-info',
  '--ops-warning-strong',
  '--ops-primary-strong',
] as const;

/** At most this many day labels on the axis (every n-th day of a long range; the tooltip names each). */
const MAX_DAY_LABELS = 10;

interface Ink {
  colors: string[] | undefined;
  text: string;
  muted: string;
  grid: string;
  axis: string;
  bg: string;
}

/**
 * The theme's colours as the page has them when the chart is built (ApexCharts wants concrete colours,
 * not var()); where the page lacks a token (a test page without the frame's stylesheet), the text colour.
 */
function inkOf(count: number): Ink {
  const style = getComputedStyle(document.documentElement);
  const value = (token: string) => style.getPropertyValue(token).trim();
  const or = (token: string) => value(token) || 'currentColor';
  const palette = STAT_COLOR_TOKENS.map(value);
  return {
    colors: palette.every(Boolean)
      ? Array.from({ length: Math.max(count, 1) }, (_, i) => palette[i % palette.length]!)
      : undefined,
    text: or('--ops-text-regular'),
    muted: or('--ops-text-muted'),
    grid: or('--ops-border-lighter'),
    axis: or('--ops-border'),
    bg: or('--ops-bg'),
  };
}

/** ApexCharts writes names into its legend and tooltip as HTML: a dictionary text goes in as text. */
const asHtmlText = (name: string): string => String(name).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// A build-time constant; the build replaces the bare name only (not one followed by a property access).
const APEX_SHEETS: readonly string[] = __APEXCHARTS_CSS__;

const BASE: ApexOptions['chart'] = {
  fontFamily: 'inherit',
  // The stylesheet is linked instead (a strict CSP forbids injected <style>).
  injectStyleSheet: false,
  toolbar: { show: false },
  zoom: { enabled: false },
  animations: { enabled: false },
  parentHeightOffset: 0,
  // The plot is one image with a name (the numbers are in the table beside it): ApexCharts' own focusable
  // legend and keyboard walk would be controls nested inside it (axe nested-interactive).
  accessibility: { enabled: false },
};

interface PlotProps {
  /** The plot's accessible name (the numbers are in the table beside it). */
  label: string;
  height: number;
  failedText: string;
}

type ChartProps = Omit<PlotProps, 'height'> & { height?: number };

function Plot({ label, height, failedText, chart }: PlotProps & { chart: () => ReactNode }) {
  // ApexCharts' own stylesheets, linked while a chart shows; it measures its legend as it draws.
  const styles = useStylesheetsReady(...APEX_SHEETS);
  return (
    <div className="ops-sm-stats__plot" role="img" aria-label={label} style={{ minHeight: height }}>
      {styles === 'ready' ? chart() : styles === 'failed' ? <p role="alert">{failedText}</p> : null}
    </div>
  );
}

/** The classifications' shares as a donut, the total in its middle. */
export function ClassifyDonut({
  label,
  rows,
  total,
  totalLabel,
  failedText,
  height = 300,
}: ChartProps & { rows: readonly ClassifyRow[]; total: number; totalLabel: string }) {
  const options = useMemo<ApexOptions>(() => {
    const ink = inkOf(rows.length);
    return {
      chart: { ...BASE, type: 'donut' },
      labels: rows.map((r) => r.label),
      colors: ink.colors,
      stroke: { width: 2, colors: [ink.bg] },
      legend: {
        position: 'bottom',
        fontSize: '13px',
        labels: { colors: ink.text },
        formatter: (name: string) => asHtmlText(name),
      },
      dataLabels: { enabled: true, dropShadow: { enabled: false } },
      plotOptions: {
        pie: {
          donut: {
            size: '62%',
            labels: {
              show: true,
              name: { color: ink.muted },
              value: { color: ink.text },
              total: {
                show: true,
                showAlways: true,
                label: totalLabel,
                color: ink.muted,
                formatter: () => String(total),
              },
            },
          },
        },
      },
      tooltip: { y: { title: { formatter: (name: string) => `${asHtmlText(name)}: ` } } },
    };
  }, [rows, total, totalLabel]);
  const series = useMemo(() => rows.map((r) => r.count), [rows]);
  return (
    <Plot
      label={label}
      height={height}
      failedText={failedText}
      chart={() => <ReactApexChart type="donut" height={height} series={series} options={options} />}
    />
  );
}

/** The days' counts as bars, stacked by classification. */
export function DayBars({
  label,
  days,
  series,
  failedText,
  height = 300,
}: ChartProps & { days: readonly string[]; series: readonly BarSeries[] }) {
  const options = useMemo<ApexOptions>(() => {
    const ink = inkOf(series.length);
    const step = Math.ceil(days.length / MAX_DAY_LABELS);
    return {
      chart: { ...BASE, type: 'bar', stacked: true },
      colors: ink.colors,
      plotOptions: { bar: { columnWidth: days.length > 14 ? '70%' : '45%', borderRadius: 2 } },
      dataLabels: { enabled: false },
      grid: { borderColor: ink.grid, strokeDashArray: 3 },
      legend: {
        position: 'top',
        horizontalAlign: 'left',
        fontSize: '13px',
        labels: { colors: ink.text },
        formatter: (name: string) => asHtmlText(name),
      },
      xaxis: {
        categories: days.map((d, i) => (i % step === 0 ? d.slice(5) : '')),
        labels: { style: { colors: ink.muted }, rotate: 0, trim: false },
        axisBorder: { color: ink.axis },
        axisTicks: { color: ink.axis },
        tooltip: { enabled: false },
      },
      yaxis: {
        min: 0,
        forceNiceScale: true,
        labels: { style: { colors: ink.muted }, formatter: (v: number) => String(Math.round(v)) },
      },
      tooltip: {
        shared: true,
        intersect: false,
        x: {
          formatter: (_value: number, opts?: { dataPointIndex?: number }) =>
            days[opts?.dataPointIndex ?? 0] ?? '',
        },
        y: { title: { formatter: (name: string) => `${asHtmlText(name)}: ` } },
      },
    };
  }, [days, series]);
  const data = useMemo(() => series.map((s) => ({ name: s.name, data: [...s.data] })), [series]);
  return (
    <Plot
      label={label}
      height={height}
      failedText={failedText}
      chart={() => <ReactApexChart type="bar" height={height} series={data} options={options} />}
    />
  );
}
