// The login bench's report, pure: what one cold load took and where its time went, the medians of many,
// and one load's waterfall. test/bench/login.mjs measures; this turns the samples into its JSON.
import { median } from './stats.mjs';

export const ms = (value) => (value === null || value === undefined ? null : Math.round(value));
export const medianMs = (samples, pick) => ms(median(samples.map(pick)));
export const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null);
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const sum = (values) => values.reduce((a, b) => a + b, 0);
export const kindOf = (path) =>
  /\.m?js$/.test(path)
    ? 'js'
    : /\.css$/.test(path)
      ? 'css'
      : /\.(svg|png|jpe?g|gif|webp|ico|woff2?)$/.test(path)
        ? 'asset'
        : 'data';

/** Main-thread counters of Performance.getMetrics (seconds there, ms here). */
const METRICS = {
  busy: 'TaskDuration',
  cpu: 'ThreadTime',
  script: 'ScriptDuration',
  style: 'RecalcStyleDuration',
  layout: 'LayoutDuration',
};
export const metricsOf = ({ metrics }) => {
  const byName = Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
  return Object.fromEntries(Object.entries(METRICS).map(([key, name]) => [key, (byName[name] ?? 0) * 1000]));
};

/** One cold load: what it took and where the time went (ms from navigation start). */
export function summarize(timings, mainThread, processes, wall) {
  const p0 = timings.paintedAt;
  const before = timings.resources.filter((r) => r.end <= p0);
  const lastEnd = (kind) => {
    const ends = before.filter((r) => kindOf(r.path) === kind).map((r) => r.end);
    return ends.length ? Math.max(...ends) : null;
  };
  const longTasks = timings.longTasks.filter(([start]) => start < p0);
  return {
    p0,
    fcp: timings.fcp,
    wall,
    ttfb: timings.ttfb,
    html: timings.html,
    stylesEnd: lastEnd('css'),
    scriptsEnd: lastEnd('js'),
    dataEnd: lastEnd('data'),
    visible: timings.visibleAt,
    mainThread,
    longTasks: { count: longTasks.length, ms: sum(longTasks.map(([, duration]) => duration)) },
    processes,
    scripts: before.filter((r) => kindOf(r.path) === 'js'),
    timings,
  };
}

/** Medians of each part of the cold loads' time. */
export function breakdown(samples) {
  const part = (pick) => medianMs(samples, pick);
  const processes = samples[0]?.processes;
  const threadNames = new Set(samples.flatMap((s) => Object.keys(s.processes?.threads ?? {})));
  const threads = [...threadNames]
    .map((name) => [name, part((s) => s.processes.threads[name] ?? 0)])
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name, value]) => `${name} ${value} ms`);
  return {
    network: {
      ttfb: part((s) => s.ttfb),
      html: part((s) => s.html),
      stylesEnd: part((s) => s.stylesEnd),
      scriptsEnd: part((s) => s.scriptsEnd),
      dataEnd: part((s) => s.dataEnd),
    },
    render: {
      fcp: part((s) => s.fcp),
      formVisible: part((s) => s.visible),
      formPainted: part((s) => s.p0),
      afterLastScript: part((s) => (s.scriptsEnd === null ? null : s.p0 - s.scriptsEnd)),
    },
    mainThread: {
      busy: part((s) => s.mainThread.busy),
      cpu: part((s) => s.mainThread.cpu),
      waitingForCpu: part((s) => s.mainThread.busy - s.mainThread.cpu),
      idle: part((s) => s.p0 - s.mainThread.busy),
      script: part((s) => s.mainThread.script),
      style: part((s) => s.mainThread.style),
      layout: part((s) => s.mainThread.layout),
      longTasks: part((s) => s.longTasks.count),
      longTaskMs: part((s) => s.longTasks.ms),
    },
    cpuByProcess: processes
      ? Object.fromEntries(
          Object.keys(processes)
            .filter((key) => key !== 'threads')
            .map((key) => [key, part((s) => s.processes[key])]),
        )
      : null,
    busiestThreads: threads,
  };
}

export const headline = (samples) => ({
  median: medianMs(samples, (s) => s.p0),
  fcpMedian: medianMs(samples, (s) => s.fcp),
});

/** One cold load's requests until the form was painted, one line each, by start time. */
export function waterfall(sample, gzipSizes) {
  const { timings } = sample;
  const lines = timings.resources
    .filter((r) => r.start < sample.p0)
    .sort((a, b) => a.start - b.start)
    .map((r) => {
      const size = gzipSizes.get(r.path) ?? r.wire;
      return `${ms(r.start)}-${ms(r.end)} ms (sent at ${ms(r.sent)}) ${kindOf(r.path)} ${r.path} ${kb(size)}`;
    });
  return [
    `0-${ms(timings.html)} ms html`,
    ...lines,
    `${ms(timings.fcp)} ms first contentful paint`,
    `${ms(sample.visible)} ms form visible`,
    `${ms(sample.p0)} ms form painted (P0)`,
  ];
}
