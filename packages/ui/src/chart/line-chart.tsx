import { loadShared } from '@ops/shared';
import type ApexCharts from 'apexcharts';
import type { ApexOptions } from 'apexcharts';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../button/button';
import { ErrorBoundary } from '../error-boundary/error-boundary';
import '../i18n/part-texts';
import { useUiText } from '../i18n/use-ui-text';
import { useStylesheets, useStylesheetsReady } from '../theme/use-stylesheet';
import {
  chartTheme,
  clampZoom,
  DEFAULT_ZOOM,
  hasData,
  type LineSeries,
  predictedRange,
  timeRange,
  toTime,
  visibleRange,
  type ZoomWindow,
} from './chart-model';
import href from './line-chart.css';

// apexcharts and react-apexcharts are import-map entries of their own, fetched on the first render.
const loadApexCharts = () => loadShared(() => import('react-apexcharts'));
const ReactApexChart = lazy(loadApexCharts);

/**
 * Loads the chart library and draws one small chart off screen, then throws it away. The library's
 * evaluation and a page's first chart draw are long tasks (the first draw about 55-65 ms on the reference
 * machine, its code still cold); a view that will likely draw charts while it is busy (the assistant,
 * while an answer streams) pays them at a quiet moment.
 */
export async function warmUpChartLibrary(): Promise<void> {
  await loadApexCharts();
  const { default: ApexChartsClass } = await import('apexcharts');
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.style.cssText = 'position:absolute;left:-10000px;top:0;width:320px;height:160px;overflow:hidden';
  document.body.append(host);
  const chart = new ApexChartsClass(host, {
    chart: {
      type: 'line',
      height: 160,
      injectStyleSheet: false,
      animations: { enabled: false },
      toolbar: { show: false },
    },
    series: [
      {
        name: 'warm-up',
        data: [
          [0, 1],
          [60_000, 2],
          [120_000, 1],
        ],
      },
    ],
    xaxis: { type: 'datetime' },
  });
  try {
    await chart.render();
  } finally {
    chart.destroy();
    host.remove();
  }
}

export interface LineChartProps {
  /** The chart's accessible name, also the saved image's file name. */
  title: string;
  series: readonly LineSeries[];
  /** Plot height in px (default 320). */
  height?: number;
  /** Unit shown on the value axis. */
  unit?: string;
  /** Initial zoom window in percent (default 0-50). */
  zoom?: ZoomWindow;
  /** Text when there is no data (default 'No data'). */
  noDataText?: string;
}

function ZoomSlider({ value, onChange }: { value: ZoomWindow; onChange: (zoom: ZoomWindow) => void }) {
  const t = useUiText();
  return (
    <fieldset className="ops-chart__zoom">
      <legend className="ops-ui-visually-hidden">{t('zoom')}</legend>
      <span className="ops-chart__zoom-label" aria-hidden="true">
        {t('zoom')}
      </span>
      <div className="ops-chart__zoom-track">
        <div
          className="ops-chart__zoom-fill"
          style={{ left: `${value.start}%`, right: `${100 - value.end}%` }}
        />
        <input
          type="range"
          min={0}
          max={100}
          value={value.start}
          aria-label={t('zoomStart')}
          aria-valuetext={`${value.start}%`}
          onChange={(event) =>
            onChange(
              clampZoom({ start: Math.min(Number(event.target.value), value.end - 1), end: value.end }),
            )
          }
        />
        <input
          type="range"
          min={0}
          max={100}
          value={value.end}
          aria-label={t('zoomEnd')}
          aria-valuetext={`${value.end}%`}
          onChange={(event) =>
            onChange(
              clampZoom({ start: value.start, end: Math.max(Number(event.target.value), value.start + 1) }),
            )
          }
        />
      </div>
      <span className="ops-chart__zoom-value" aria-hidden="true">
        {value.start}% – {value.end}%
      </span>
    </fieldset>
  );
}

/**
 * ApexCharts writes series names into its legend and tooltip with innerHTML; a name comes from data (a
 * point's name from the server, an assistant answer), so it goes in escaped, shown as the text it is.
 */
const asHtmlText = (name: string): string => String(name).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Saves the chart as a PNG named after its title. */
async function saveImage(chart: ApexCharts | null, title: string) {
  if (!chart) return;
  const result = await chart.dataURI({ scale: 2 });
  const url = 'imgURI' in result ? result.imgURI : URL.createObjectURL(result.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${title}.png`;
  link.click();
  if (!('imgURI' in result)) setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Between two charts' first draws: a frame, so each draw is a task of its own. */
const DRAW_GAP_MS = 16;
let drawQueue: Promise<void> = Promise.resolve();

/**
 * A chart's first draw costs tens of ms (more while the library's code is still cold). Several charts
 * appearing at once (an answer with three history curves, a page of curves) would draw in one long task;
 * they take turns instead, one per task, so the page keeps answering input (QUALITY P6).
 */
function useDrawTurn(): boolean {
  const [turn, setTurn] = useState(false);
  useEffect(() => {
    let live = true;
    // Each turn starts at an idle moment (within a second at the latest), so a draw does not share its
    // task with other work (an answer streaming in), then leaves a frame before the next.
    const idle = (run: () => void) =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(run, { timeout: 1000 })
        : setTimeout(run, 0);
    const mine = drawQueue.then(
      () =>
        new Promise<void>((resolve) => {
          idle(() => {
            if (live) setTurn(true);
            setTimeout(resolve, live ? DRAW_GAP_MS : 0);
          });
        }),
    );
    drawQueue = mine;
    return () => {
      live = false;
    };
  }, []);
  return turn;
}

/** The line chart of spec §2: time axis, predicted section shaded, zoom slider, save as image. */
export function LineChart({
  title,
  series,
  height = 320,
  unit,
  zoom: initialZoom = DEFAULT_ZOOM,
  noDataText,
}: LineChartProps) {
  useStylesheets(href);
  // ApexCharts' own sheets, linked while a chart is shown; it measures its legend as it draws, so the
  // plot is drawn only once they apply.
  const apexStyles = useStylesheetsReady(...__APEXCHARTS_CSS__);
  const drawTurn = useDrawTurn();
  const t = useUiText();
  const predictedText = t('predicted');
  const [zoom, setZoom] = useState(() => clampZoom(initialZoom));
  const chartRef = useRef<ApexCharts | null>(null);
  const data = hasData(series);
  const range = timeRange(series);
  const predicted = predictedRange(series);

  const apexSeries = useMemo(
    () =>
      series.map((s) => ({
        name: s.name,
        data: s.points.map((p) => ({ x: toTime(p.ts), y: p.val })),
      })),
    [series],
  );
  const window = range ? visibleRange(range, zoom) : null;
  const options = useMemo<ApexOptions>(() => {
    // The theme's colours when the chart is built (the visual theme is dark).
    const style = getComputedStyle(document.documentElement);
    const { colors, ink } = chartTheme((token) => style.getPropertyValue(token));
    return {
      chart: {
        type: 'line',
        fontFamily: 'inherit',
        // The stylesheet is linked instead (a strict CSP forbids injected <style>).
        injectStyleSheet: false,
        toolbar: { show: false },
        zoom: { enabled: false },
        animations: { enabled: false },
        parentHeightOffset: 0,
        // One named image (role img around it): ApexCharts' focusable legend and keyboard walk would be
        // controls nested inside it (axe nested-interactive).
        accessibility: { enabled: false },
      },
      colors,
      stroke: { width: 2, curve: 'straight' },
      markers: { size: 0, hover: { size: 4 } },
      dataLabels: { enabled: false },
      grid: { borderColor: ink.grid, strokeDashArray: 3 },
      legend: {
        position: 'top',
        horizontalAlign: 'left',
        fontSize: '13px',
        labels: { colors: ink.legend },
        formatter: asHtmlText,
      },
      xaxis: {
        type: 'datetime',
        min: window?.min,
        max: window?.max,
        labels: { datetimeUTC: false, style: { colors: ink.muted } },
        axisBorder: { color: ink.axis },
        axisTicks: { color: ink.axis },
        tooltip: { enabled: false },
      },
      yaxis: {
        // ApexCharts fails to draw with `title: undefined`: leave the key out.
        ...(unit ? { title: { text: unit, style: { color: ink.muted, fontWeight: 400 } } } : {}),
        labels: { style: { colors: ink.muted } },
      },
      tooltip: {
        x: { format: 'yyyy-MM-dd HH:mm' },
        y: { title: { formatter: (name: string) => (name ? `${asHtmlText(name)}: ` : '') } },
      },
      annotations: predicted
        ? {
            xaxis: [
              {
                x: predicted.from,
                x2: predicted.to,
                fillColor: ink.muted,
                opacity: 0.12,
                borderColor: ink.strong,
                strokeDashArray: 4,
                label: {
                  text: predictedText,
                  orientation: 'horizontal',
                  borderWidth: 0,
                  style: { background: 'transparent', color: ink.muted, fontSize: '12px' },
                },
              },
            ],
          }
        : {},
    };
  }, [window?.min, window?.max, predicted?.from, predicted?.to, unit, predictedText]);

  if (!data) {
    return (
      <figure className="ops-ui ops-chart" aria-label={title}>
        <p className="ops-chart__empty" role="status" style={{ height }}>
          {noDataText ?? t('noData')}
        </p>
      </figure>
    );
  }
  return (
    <figure className="ops-ui ops-chart" aria-label={title}>
      <div className="ops-chart__toolbar">
        <Button size="small" onClick={() => saveImage(chartRef.current, title)}>
          {t('saveImage')}
        </Button>
      </div>
      <ErrorBoundary
        label={title}
        fallback={() => (
          <p className="ops-chart__empty ops-chart__empty--error" role="alert" style={{ height }}>
            {t('chartFailed')}
          </p>
        )}
      >
        <Suspense
          fallback={
            <p className="ops-chart__empty" role="status" style={{ height }}>
              {t('loading')}
            </p>
          }
        >
          {apexStyles === 'ready' && drawTurn ? (
            <div className="ops-chart__plot" role="img" aria-label={title}>
              <ReactApexChart
                type="line"
                height={height}
                series={apexSeries}
                options={options}
                chartRef={chartRef}
              />
            </div>
          ) : apexStyles === 'failed' ? (
            <p className="ops-chart__empty ops-chart__empty--error" role="alert" style={{ height }}>
              {t('chartFailed')}
            </p>
          ) : (
            <p className="ops-chart__empty" role="status" style={{ height }}>
              {t('loading')}
            </p>
          )}
        </Suspense>
      </ErrorBoundary>
      <ZoomSlider value={zoom} onChange={setZoom} />
    </figure>
  );
}
