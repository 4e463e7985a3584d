// Where a cold load's main-thread time goes, read from a Chrome trace of that load: from the page's
// navigationStart to the `bench:painted` mark that test/bench/paint-probe.mjs sets when the form is
// painted. `busyWall` is the wall time of the main thread's tasks, `busyCpu` the CPU time they got (on a
// busy 2-core machine the difference is large). Each traced event's own CPU time (less its children's)
// goes to the kind of work of the nearest enclosing event that has one (script, compile, gc, html,
// style, layout, paint, ipc), else to `other` (task and scheduler overhead): `cpuByWork`. The sampling
// profiler in the same trace says in which script files the JavaScript time went: `jsByFile`.
// Tracing slows a load down: read these numbers as shares of one load, not as its duration.

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.compile',
  'toplevel',
];

const BUCKETS = [
  [
    'compile',
    /^(v8\.compile|v8\.produceCache|v8\.deserialize|v8\.parseOnBackgroundWaiting|V8\.(Parse|PreParse|Compile|Finalize|Maglev|StreamingFinalization|OffThreadFinalization))/,
  ],
  ['gc', /(^|\.|_)GC|^MinorGC$|^MajorGC$|^BlinkGC/],
  [
    'script',
    /^(EvaluateScript|FunctionCall|RunMicrotasks|v8\.run|v8\.callFunction|v8\.evaluateModule|V8\.Execute|TimerFire|FireAnimationFrame|FireIdleCallback|EventDispatch|XHRReadyStateChange|XHRLoad)$/,
  ],
  ['html', /^(ParseHTML|HTMLDocumentParser::|DocumentLoader::|MetaCharsetCheck)/],
  [
    'style',
    /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|Document::recalcStyle|StyleEngine::)/,
  ],
  ['layout', /^(Layout|UpdateLayout|LocalFrameView::performLayout|InlineNode::)/],
  [
    'paint',
    /^(Paint|PrePaint|PaintImage|Layerize|UpdateLayer|Commit|Decode Image|ImageDecodeTask|CompositeLayers)$/,
  ],
  ['ipc', /^(Receive mojo message|Receive mojo reply|SimpleWatcher::OnHandleReady|Closed mojo endpoint)$/],
];
const bucketOf = (name) => BUCKETS.find(([, pattern]) => pattern.test(name))?.[0] ?? null;

const round = (value) => Math.round(value);

/**
 * @param {Array<object>} events the trace's events
 * @param {string} url the page that was loaded
 * @returns {{ window: number, busyWall: number, busyCpu: number, cpuByWork: Record<string, number>,
 *   jsByFile: string[] } | null}
 */
export function traceProfile(events, url) {
  const mark = events.find((e) => e.name === 'bench:painted' && e.cat === 'blink.user_timing');
  if (!mark) return null;
  const { pid, tid } = mark;
  const start = events
    .filter(
      (e) =>
        e.name === 'navigationStart' &&
        e.pid === pid &&
        e.ts <= mark.ts &&
        e.args?.data?.documentLoaderURL === url &&
        e.args?.data?.isLoadingMainFrame,
    )
    .at(-1)?.ts;
  if (start === undefined) return null;
  const end = mark.ts;

  // The main thread's events in the window, nested; each one's own time (its span, or its CPU time, less
  // its children's) goes to its bucket, else to the nearest enclosing event's.
  const spans = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur > 0 && e.ts >= start && e.ts < end)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const wallOwn = {};
  const cpuOwn = {};
  let busyWall = 0;
  let busyCpu = 0;
  const stack = [];
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const done = stack.pop();
      wallOwn[done.bucket] = (wallOwn[done.bucket] ?? 0) + done.wall;
      cpuOwn[done.bucket] = (cpuOwn[done.bucket] ?? 0) + done.cpu;
    }
  };
  for (const event of spans) {
    close(event.ts);
    const parent = stack.at(-1);
    const wall = Math.min(event.ts + event.dur, parent?.end ?? end) - event.ts;
    const cpu = Math.min(event.tdur ?? event.dur, wall);
    if (parent) {
      parent.wall -= wall;
      parent.cpu -= cpu;
    } else {
      busyWall += wall;
      busyCpu += cpu;
    }
    stack.push({
      bucket: bucketOf(event.name) ?? parent?.bucket ?? 'other',
      end: event.ts + wall,
      wall,
      cpu,
    });
  }
  close(Number.POSITIVE_INFINITY);
  const cpuByWork = {};
  for (const [bucket] of [...BUCKETS, ['other']])
    cpuByWork[bucket] = round(Math.max(0, cpuOwn[bucket] ?? 0) / 1000);
  return {
    window: round((end - start) / 1000),
    busyWall: round(busyWall / 1000),
    busyCpu: round(busyCpu / 1000),
    cpuByWork,
    jsByFile: jsByFile(events, pid, tid, start, end),
  };
}

/** Sampled JavaScript time per script file (and garbage collection), largest first, as "file ms" lines. */
function jsByFile(events, pid, tid, start, end) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const nodes = new Map();
  let time = profile.args.data.startTime;
  const samples = [];
  for (const chunk of events.filter(
    (e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id,
  )) {
    const data = chunk.args.data;
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node.callFrame);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i += 1) {
      time += deltas[i] ?? 0;
      samples.push([time, ids[i]]);
    }
  }
  samples.sort((a, b) => a[0] - b[0]);
  const byFile = new Map();
  for (let i = 0; i + 1 < samples.length; i += 1) {
    const [at, id] = samples[i];
    if (at < start || at >= end) continue;
    const frame = nodes.get(id);
    const name = frame?.url
      ? new URL(frame.url, 'http://x').pathname
      : frame?.functionName?.startsWith('(')
        ? frame.functionName
        : '(native)';
    if (name === '(idle)' || name === '(root)' || name === '(program)') continue;
    byFile.set(name, (byFile.get(name) ?? 0) + (Math.min(samples[i + 1][0], end) - at));
  }
  return [...byFile]
    .sort((a, b) => b[1] - a[1])
    .filter(([, us]) => us >= 1000)
    .slice(0, 10)
    .map(([name, us]) => `${name} ${round(us / 1000)} ms`);
}
