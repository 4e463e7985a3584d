// Benchmark of budgets P0 (cold load of /login until the login form is painted, and its first contentful
// paint), P1 (script bytes the login page loads) and P3 (login submit until the chrome with its menu is
// interactive), in headless Chromium against the reference server on a fresh database. Prints JSON;
// `npm run bench`. RUNS (default 9) and RUNS_THROTTLED (default 5) set the number of cold loads.
//
// Every load is cold: a new browser context (empty cache, no service worker). Times are milliseconds from
// navigation start, taken inside the page by test/bench/paint-probe.mjs: P0 is the frame after the one in
// which the 登 录 button is first visible; FCP is the browser's first-contentful-paint entry. The bench
// waits on the probe alone (nothing of its own runs in the page meanwhile), then checks from outside
// that the real 登 录 button is visible by its role and name. Each load also reports where its time
// went (medians in `breakdown`):
//   network     when the HTML, the last stylesheet, the last script and the last data request arrived
//               (resource timing; only requests finished before the form was painted);
//   render      first contentful paint, the frame the form became visible in, and the time from the last
//               script's arrival to the painted form (evaluation and first render);
//   mainThread  Chrome's Performance.getMetrics read the moment the form is painted: `busy` is the wall
//               time of its tasks, `cpu` the CPU time it actually got (the difference is time it was ready
//               but waiting for a core), `idle` the rest (waiting for the network); script, style and
//               layout are Chrome's counters (its script counter leaves out promise callbacks, where
//               SystemJS evaluates modules: see `profile`);
//   cpuByProcess  CPU used meanwhile by each process: renderer, browser, GPU, network, the server, the bench
//               itself and the rest of the machine (test/bench/proc-cpu.mjs).
// `profile` is one more load of each page, traced (test/bench/trace-profile.mjs): main-thread CPU by kind
// of work, and JavaScript time by file. Tracing slows it down; it is not part of the medians.
//
// The floor is test/bench/static-login.html, the same form as plain HTML and CSS, served on another
// loopback port by a tiny server in this process and measured the same way in the same run (loads of
// the pages rotate); `ratio` is console / floor. A second floor, `reactFloor`, is that form rendered by
// React from one plain script (test/bench/react-login.jsx, bundled here with esbuild): what React alone
// costs on this machine, so the console's own share is the difference. The throttled variant emulates a
// 40 ms, 10 Mbit/s link.
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { paintProbe } from './paint-probe.mjs';
import { cpuSince, cpuSnapshot } from './proc-cpu.mjs';
import { lastCaptcha, startReferenceServer, waitForServer } from './reference-server.mjs';
import { median } from './stats.mjs';
import { TRACE_CATEGORIES, traceProfile } from './trace-profile.mjs';

const RUNS = Number(process.env.RUNS ?? 9);
const RUNS_THROTTLED = Number(process.env.RUNS_THROTTLED ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4180);
const FLOOR_PORT = Number(process.env.BENCH_FLOOR_PORT ?? PORT + 1);
const consoleUrl = `http://127.0.0.1:${PORT}/login`;
const floorUrl = `http://127.0.0.1:${FLOOR_PORT}/login`;
const reactFloorUrl = `http://127.0.0.1:${FLOOR_PORT}/react-login`;
const dataDir = 'test-results/bench-data';
const codes = 'test-results/bench-codes.jsonl';
const BUTTON = '登 录';
const VIEWPORT = { width: 1366, height: 768 };
const TIMEOUT = 30_000;
/** 40 ms round trip, 10 Mbit/s down and up (bytes per second). */
const THROTTLE = { offline: false, latency: 40, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 };
const BUDGET = { p0: 200, fcp: 120, floorRatio: 3, gzip: 150 * 1024, p3: 500 };

const server = startReferenceServer({ port: PORT, dataDir, codes });

// The floor pages, gzipped for clients that accept it, as the console's page is: the static form, and the
// same head with the form rendered by React (production build, minified, one deferred script).
const floorText = readFileSync(new URL('./static-login.html', import.meta.url), 'utf8');
const reactScript = await build({
  entryPoints: [new URL('./react-login.jsx', import.meta.url).pathname],
  bundle: true,
  minify: true,
  write: false,
  format: 'iife',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
const reactHtml = floorText.replace(
  /<body>[\s\S]*<\/body>/,
  '<body>\n    <script defer src="/react-login.js"></script>\n  </body>',
);
const FLOOR_FILES = new Map(
  [
    ['/login', 'text/html; charset=utf-8', floorText],
    ['/react-login', 'text/html; charset=utf-8', reactHtml],
    ['/react-login.js', 'text/javascript; charset=utf-8', reactScript.outputFiles[0].text],
  ].map(([path, type, text]) => {
    const raw = Buffer.from(text);
    return [path, { type, raw, gzip: gzipSync(raw) }];
  }),
);
const floorServer = createServer((req, res) => {
  const file = FLOOR_FILES.get(req.url ?? '');
  if (!file) {
    res.writeHead(404, { 'content-length': 0 });
    res.end();
    return;
  }
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const body = gzip ? file.gzip : file.raw;
  res.writeHead(200, {
    'content-type': file.type,
    'content-length': body.length,
    'cache-control': 'no-cache',
    vary: 'Accept-Encoding',
    ...(gzip ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(body);
});

function withTimeout(promise, what) {
  let timer;
  const expired = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), TIMEOUT);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

const ms = (value) => (value === null || value === undefined ? null : Math.round(value));
const medianMs = (samples, pick) => ms(median(samples.map(pick)));
const ratio = (a, b) => (a && b ? Math.round((a / b) * 100) / 100 : null);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (values) => values.reduce((a, b) => a + b, 0);
const kindOf = (path) =>
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
const metricsOf = ({ metrics }) => {
  const byName = Object.fromEntries(metrics.map(({ name, value }) => [name, value]));
  return Object.fromEntries(Object.entries(METRICS).map(([key, name]) => [key, (byName[name] ?? 0) * 1000]));
};

/** Runs in the page: its timing entries, as plain data. */
function pageTimings() {
  const nav = performance.getEntriesByType('navigation')[0];
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]));
  return {
    ttfb: nav.responseStart,
    html: nav.responseEnd,
    fcp: paint['first-contentful-paint'] ?? null,
    visibleAt: window.__bench.visibleAt,
    paintedAt: window.__bench.paintedAt,
    longTasks: window.__bench.longTasks,
    resources: performance.getEntriesByType('resource').map((e) => ({
      path: new URL(e.name).pathname,
      start: e.startTime,
      sent: e.requestStart,
      end: e.responseEnd,
      wire: e.encodedBodySize,
      raw: e.decodedBodySize,
    })),
  };
}

/**
 * One cold load of `url` until the sign-in button is painted. Returns what it took and the open page
 * (the caller closes `context`). With `trace`, the load is traced and profiled instead of timed.
 */
async function coldLoad(browser, url, { throttle = false, trace = false } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  let cdp;
  let cpuBefore;
  let resolvePainted;
  const painted = new Promise((resolve) => {
    resolvePainted = resolve;
  });
  await context.exposeBinding('__benchPainted', async () => {
    const processes = cpuSince(cpuBefore);
    resolvePainted({ metrics: metricsOf(await cdp.send('Performance.getMetrics')), processes });
  });
  await context.addInitScript(paintProbe, BUTTON);
  const page = await context.newPage();
  cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (throttle) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  }
  if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const metricsBefore = metricsOf(await cdp.send('Performance.getMetrics'));
  cpuBefore = cpuSnapshot(server.pid);
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT });
  // Nothing from the bench runs in the page until the probe says the form is painted: polling it from
  // outside (Playwright's role queries, once a frame) competed with the page for its main thread and
  // added about 30 ms to P0. Afterwards the probe's answer is checked from outside: the real button, by
  // its role and accessible name, visible.
  let reading;
  try {
    reading = await withTimeout(painted, 'the form to be painted');
    await page.getByRole('button', { name: BUTTON }).waitFor({ state: 'visible', timeout: 5000 });
  } catch (error) {
    const text = await page.evaluate(() => document.body?.innerText.slice(0, 300)).catch(() => '');
    throw new Error(`${url}: no visible ${BUTTON} button (is dist/ built?). The page shows: ${text}`, {
      cause: error,
    });
  }
  const wall = performance.now() - started;
  const { metrics, processes } = reading;
  if (trace) {
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8'));
    return { context, page, profile: traceProfile(traceEvents, url) };
  }
  // The counters are the renderer's; take the difference when the navigation stayed in its process.
  const sameProcess = metrics.busy >= metricsBefore.busy;
  const mainThread = Object.fromEntries(
    Object.entries(metrics).map(([key, value]) => [key, sameProcess ? value - metricsBefore[key] : value]),
  );
  // FCP is the time the frame was presented: its entry can come in after the next frame has begun.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        const done = () => resolve(undefined);
        setTimeout(done, 3000);
        new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length) done();
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  const timings = await page.evaluate(pageTimings);
  return { context, page, sample: summarize(timings, mainThread, processes, wall) };
}

/** One cold load: what it took and where the time went (ms from navigation start). */
function summarize(timings, mainThread, processes, wall) {
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
function breakdown(samples) {
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

const headline = (samples) => ({
  median: medianMs(samples, (s) => s.p0),
  fcpMedian: medianMs(samples, (s) => s.fcp),
});

/** One cold load's requests until the form was painted, one line each, by start time. */
function waterfall(sample, gzipSizes) {
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

/** Bytes of `path` as the console's server sends it to a client that accepts only gzip (null if gone). */
function gzipSize(path) {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': 'gzip' };
    const req = httpRequest(`http://127.0.0.1:${PORT}${path}`, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        resolve(null);
        return;
      }
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Signs in on the loaded login page; returns the time to the chrome and the scripts fetched after P0. */
async function signIn(page) {
  await page.getByRole('textbox', { name: '租户ID', exact: true }).fill('100001');
  await page.getByRole('textbox', { name: '账号', exact: true }).fill('operator');
  await page.getByRole('textbox', { name: '密码', exact: true }).fill('Operator@2026');
  await page
    .getByRole('img', { name: /验证码/ })
    .or(page.getByRole('button', { name: /验证码图片/ }))
    .first()
    .waitFor({ timeout: TIMEOUT });
  await page.getByRole('textbox', { name: '验证码', exact: true }).fill(lastCaptcha(codes).text);
  const later = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.responseEnd > window.__bench.paintedAt)
      .map((e) => new URL(e.name).pathname),
  );
  const submitted = performance.now();
  await page.getByRole('button', { name: BUTTON }).click();
  // The chrome with its menus: the main menu's first entry from the server's menu, not just its frame.
  await page
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('link')
    .first()
    .waitFor({ state: 'visible', timeout: TIMEOUT });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
  return { ms: performance.now() - submitted, laterScripts: later.filter((path) => kindOf(path) === 'js') };
}

const loadBefore = loadavg()[0];
try {
  await new Promise((resolve, reject) => {
    floorServer.once('error', reject);
    floorServer.listen(FLOOR_PORT, '127.0.0.1', resolve);
  });
  await waitForServer(`http://127.0.0.1:${PORT}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

  // One load of each, not counted: the browser's and the server's first-time costs are not the page's.
  for (const url of [consoleUrl, floorUrl, reactFloorUrl])
    await (await coldLoad(browser, url)).context.close();

  const urls = { console: consoleUrl, floor: floorUrl, react: reactFloorUrl };
  const ORDER = ['console', 'floor', 'react'];
  const plain = { console: [], floor: [], react: [] };
  const gzipSizes = new Map();
  const throttled = { console: [], floor: [] };
  const loginMs = [];
  const laterScripts = new Set();
  for (let run = 0; run < RUNS; run += 1) {
    // Each run starts with the next page, so none is always first after the previous run's sign-in.
    for (const which of [...ORDER.slice(run % 3), ...ORDER.slice(0, run % 3)]) {
      const { context, page, sample } = await coldLoad(browser, urls[which]);
      plain[which].push(sample);
      if (which === 'console') {
        // Sizes now, while this build's files are certainly there.
        for (const { path } of sample.scripts) {
          if (!gzipSizes.has(path)) gzipSizes.set(path, await gzipSize(path));
        }
        const login = await signIn(page);
        loginMs.push(login.ms);
        for (const path of login.laterScripts) laterScripts.add(path);
      }
      await context.close();
    }
  }
  for (let run = 0; run < RUNS_THROTTLED; run += 1) {
    for (const which of run % 2 ? ['floor', 'console'] : ['console', 'floor']) {
      const url = which === 'console' ? consoleUrl : floorUrl;
      const { context, sample } = await coldLoad(browser, url, { throttle: true });
      throttled[which].push(sample);
      await context.close();
    }
  }
  const profile = {};
  for (const which of ['console', 'floor']) {
    const { context, profile: traced } = await coldLoad(
      browser,
      which === 'console' ? consoleUrl : floorUrl,
      {
        trace: true,
      },
    );
    profile[which] = traced;
    await context.close();
  }
  await browser.close();

  // P1: the scripts each cold load had fetched when its form was painted, at their gzip size.
  const gzipOf = (script) => gzipSizes.get(script.path) ?? script.wire;
  const gzipPerRun = plain.console.map((s) => sum(s.scripts.map(gzipOf)));
  const medianSample = [...plain.console].sort((a, b) => a.p0 - b.p0)[Math.floor(plain.console.length / 2)];

  const p0 = headline(plain.console);
  const floor = headline(plain.floor);
  const reactFloor = headline(plain.react);
  const slow = headline(throttled.console);
  const slowFloor = headline(throttled.floor);
  const samplesOf = (samples) => samples.map((s) => ms(s.p0));

  const report = JSON.stringify(
    {
      runs: RUNS,
      runsThrottled: RUNS_THROTTLED,
      machine: {
        cores: availableParallelism(),
        load1mBefore: Math.round(loadBefore * 100) / 100,
        load1mAfter: Math.round(loadavg()[0] * 100) / 100,
      },
      P0: {
        what: 'ms from navigation start to the frame after the 登 录 button of the real login form is visible',
        median: p0.median,
        budget: BUDGET.p0,
        fcpMedian: p0.fcpMedian,
        fcpBudget: BUDGET.fcp,
        samples: samplesOf(plain.console),
        fcpSamples: plain.console.map((s) => ms(s.fcp)),
        wallMedian: medianMs(plain.console, (s) => s.wall),
        breakdown: breakdown(plain.console),
        floor: {
          page: 'test/bench/static-login.html',
          ...floor,
          samples: samplesOf(plain.floor),
          breakdown: breakdown(plain.floor),
        },
        ratio: ratio(p0.median, floor.median),
        fcpRatio: ratio(p0.fcpMedian, floor.fcpMedian),
        ratioBudget: BUDGET.floorRatio,
        reactFloor: {
          page: 'test/bench/react-login.jsx (the floor form rendered by React 19 from one plain script)',
          ...reactFloor,
          samples: samplesOf(plain.react),
          breakdown: breakdown(plain.react),
        },
        overReactFloor:
          p0.median !== null && reactFloor.median !== null ? p0.median - reactFloor.median : null,
        throttled: {
          network: '40 ms latency, 10 Mbit/s down and up',
          ...slow,
          samples: samplesOf(throttled.console),
          breakdown: breakdown(throttled.console),
          floor: { ...slowFloor, samples: samplesOf(throttled.floor) },
          ratio: ratio(slow.median, slowFloor.median),
          fcpRatio: ratio(slow.fcpMedian, slowFloor.fcpMedian),
        },
      },
      P1: {
        what: 'script bytes fetched by the time the login form is painted',
        median: median(gzipPerRun),
        budgetGzip: BUDGET.gzip,
        wireMedian: median(plain.console.map((s) => sum(s.scripts.map((r) => r.wire)))),
        rawMedian: median(plain.console.map((s) => sum(s.scripts.map((r) => r.raw)))),
        scripts: medianSample.scripts.length,
        largestGzip: [...medianSample.scripts]
          .sort((a, b) => gzipOf(b) - gzipOf(a))
          .slice(0, 5)
          .map((r) => `${r.path} ${kb(gzipOf(r))}`),
        fetchedAfterPaintBeforeSubmit: [...laterScripts],
      },
      P3: {
        what: "ms from clicking 登 录 to the chrome with the server's menu painted in its main menu",
        median: ms(median(loginMs)),
        budget: BUDGET.p3,
        samples: loginMs.map(ms),
      },
      profile: {
        what: 'one traced load of each page (slower than the timed ones): main-thread CPU ms by kind of work, JavaScript ms by file',
        ...profile,
      },
      waterfall: waterfall(medianSample, gzipSizes),
    },
    null,
    2,
  );
  // Lists of numbers on one line each.
  console.log(
    report.replace(/\[\n\s+([-\d.,\snul]+?)\n\s+\]/g, (_, items) => `[${items.split(/,\s+/).join(', ')}]`),
  );
} finally {
  server.kill();
  floorServer.close();
  floorServer.closeAllConnections();
}
