// QUALITY P4 and P5 for the sub-app host, on the built console (npm run build first) and the reference
// server, in headless Chromium. Prints JSON.
//
// P4: switching between two sub-apps that are already loaded (station-monitor and leave-workflow):
//     from the navigation (history.pushState, as a menu link does) until the frame after the other app's
//     first heading is in the main view is painted; median and p95 over RUNS switches, and the longest
//     main-thread task seen during the switches (Long Tasks API: tasks over 50 ms; none means no task
//     over 50 ms).
// P5: CYCLES mount/unmount cycles of a sub-app (station-monitor <-> the shell's home page) and of the
//     chrome with its parcel slots (home <-> the full-screen status page /404, which unmounts the chrome
//     and its parcels): the JS heap after a forced GC before and after the cycles, and the slot containers
//     still held in memory though no longer in the page ("detached containers", found with the DevTools
//     protocol's queryObjects).
import { runBench } from './reference-server.mjs';
import { median, percentile, round1 } from './stats.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4183);
const RUNS = Number(process.env.RUNS ?? 20);
const CYCLES = Number(process.env.CYCLES ?? 50);

const p95 = (values) => percentile(values, 95);
const round = round1;
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 100) / 100;

const APPS = {
  'station-monitor': '/station-monitor/overview/index',
  'leave-workflow': '/leave-workflow/todo/index',
};

/** In the page: navigates and resolves with the ms until the frame after the app's heading is painted. */
function timeSwitch({ path, code }) {
  return new Promise((resolve) => {
    const start = performance.now();
    history.pushState(null, '', path);
    const selector = `#ops-main-view [data-slot="@ops/app-${code}"] h1`;
    const check = () => {
      if (document.querySelector(selector)) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  });
}

/** In the page: navigates and waits until `selector` is there (rejects after 10 s). */
function visit({ path, selector }) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    history.pushState(null, '', path);
    const check = () => {
      if (document.querySelector(selector)) resolve(null);
      else if (performance.now() - start > 10_000) reject(new Error(`${selector} did not show at ${path}`));
      else requestAnimationFrame(check);
    };
    check();
  });
}

async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
}

/**
 * Slot containers (`.ops-slot`, `.ops-slot-body`) held in memory but no longer in the page. The query's
 * own array holds every div while it lives: it is counted at once and released (its object group), and
 * console entries are discarded first, so neither the probe nor the console keeps anything.
 */
async function detachedContainers(cdp) {
  await cdp.send('Runtime.discardConsoleEntries');
  await cdp.send('HeapProfiler.collectGarbage');
  const group = 'bench-detached';
  const proto = await cdp.send('Runtime.evaluate', {
    expression: 'HTMLDivElement.prototype',
    objectGroup: group,
  });
  const { objects } = await cdp.send('Runtime.queryObjects', {
    prototypeObjectId: proto.result.objectId,
    objectGroup: group,
  });
  const { result } = await cdp.send('Runtime.callFunctionOn', {
    objectId: objects.objectId,
    functionDeclaration:
      'function () { return this.filter((el) => !el.isConnected && (el.classList.contains("ops-slot") || el.classList.contains("ops-slot-body"))).length; }',
    returnByValue: true,
    objectGroup: group,
  });
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: group });
  return result.value;
}

async function cycles(page, cdp, there, back) {
  // One cycle first, so what loads once (code, texts, stylesheets) is not counted as growth.
  await page.evaluate(visit, there);
  await page.evaluate(visit, back);
  const before = await heapAfterGc(cdp);
  for (let i = 0; i < CYCLES; i += 1) {
    await page.evaluate(visit, there);
    await page.evaluate(visit, back);
  }
  const after = await heapAfterGc(cdp);
  return { cycles: CYCLES, heapBeforeMB: mb(before), heapAfterMB: mb(after), growthMB: mb(after - before) };
}

await runBench({
  name: 'sub-apps',
  port: PORT,
  async measure(page) {
    const cdp = await page.context().newCDPSession(page);

    // P4: both apps loaded once, then timed switches.
    for (const [code, path] of Object.entries(APPS)) await page.evaluate(timeSwitch, { path, code });
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask' });
    });
    const switches = [];
    const codesInOrder = Object.keys(APPS);
    for (let i = 0; i < RUNS; i += 1) {
      const code = codesInOrder[i % 2];
      switches.push(await page.evaluate(timeSwitch, { path: APPS[code], code }));
    }
    const longTasks = await page.evaluate(() => window.__longTasks);

    // P5: the sub-app, then the chrome with its parcels.
    const home = { path: '/index', selector: '#ops-main-view #ops-overview-title' };
    const subApp = await cycles(
      page,
      cdp,
      { path: APPS['station-monitor'], selector: '#ops-main-view [data-slot="@ops/app-station-monitor"] h1' },
      home,
    );
    const subAppDetached = await detachedContainers(cdp);
    const chrome = await cycles(page, cdp, { path: '/404', selector: '#ops-status-title' }, home);
    const chromeDetached = await detachedContainers(cdp);

    return {
      P4: {
        what: 'ms from navigating between two loaded sub-apps until the frame after the other app shows is painted',
        budget: { medianMs: 50, longestTaskMs: 50 },
        switches: RUNS,
        median: round(median(switches)),
        p95: round(p95(switches)),
        longTasksOver50ms: longTasks.length,
        longestTaskMs: longTasks.length ? round(Math.max(...longTasks)) : null,
        samples: switches.map(round),
      },
      P5: {
        what: 'JS heap after GC around mount/unmount cycles, and slot containers held though detached',
        budget: { growthMB: 2, detachedContainers: 0 },
        subApp: { app: 'station-monitor', ...subApp, detachedContainers: subAppDetached },
        chromeWithParcels: { ...chrome, detachedContainers: chromeDetached },
      },
    };
  },
});
