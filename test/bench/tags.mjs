// QUALITY P9: the tag bar with 50 open tags; switching to a tag and closing one within 100 ms. Runs the
// built console (npm run build first) on the reference server, signs in, opens 50 pages (one tag each),
// then times, in the page, from the click until the frame after the change is painted. Prints JSON.
import { runBench } from './reference-server.mjs';
import { median, percentile, round1 } from './stats.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4182);
const TAGS = 50;
const SAMPLES = Number(process.env.RUNS ?? 15);
const BUDGET_MS = 100;

const p95 = (values) => percentile(values, 95);
const round = round1;

/** In the page: clicks the tag at `index` (or its close button), resolves with the ms until the frame
 * after the change (that tag selected, or one tag fewer) is painted. */
function timeClick({ index, close }) {
  return new Promise((resolve) => {
    const bar = document.querySelector('[role="tablist"][aria-label="已打开页面"]');
    const tabs = () => [...bar.querySelectorAll('[role="tab"]')];
    const before = tabs().length;
    const tab = tabs()[index];
    const target = close ? tab.parentElement.querySelector('.ops-tag__close') : tab;
    const start = performance.now();
    target.click();
    const check = () => {
      const done = close ? tabs().length === before - 1 : tab.getAttribute('aria-selected') === 'true';
      if (done) requestAnimationFrame(() => resolve(performance.now() - start));
      else requestAnimationFrame(check);
    };
    check();
  });
}

await runBench({
  name: 'tags',
  port: PORT,
  async measure(page) {
    const bar = page.getByRole('tablist', { name: '已打开页面' });
    await bar.getByRole('tab').first().waitFor();

    // 50 pages: the home tag and 49 more, each a page of the demo sub-app with its own query.
    for (let i = 1; i < TAGS; i += 1) {
      await page.evaluate((n) => {
        history.pushState(null, '', `/station-monitor/overview/index?page=${n}`);
      }, i);
      await page.waitForFunction(
        (n) =>
          document.querySelector('[role="tab"][aria-selected="true"]') !== null &&
          location.search === `?page=${n}`,
        i,
      );
    }
    await page.waitForFunction((n) => document.querySelectorAll('[role="tab"]').length >= n, TAGS);
    const count = await bar.getByRole('tab').count();

    const switching = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      // Alternate between home (first) and a tag further along the bar.
      switching.push(await page.evaluate(timeClick, { index: i % 2 ? 0 : 10 + i, close: false }));
    }
    const closing = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const last = (await bar.getByRole('tab').count()) - 1;
      closing.push(await page.evaluate(timeClick, { index: last, close: true }));
    }
    return {
      P9: {
        what: 'ms from a click on the tag bar with 50 open tags until the frame after the change is painted',
        tags: count,
        budget: BUDGET_MS,
        switch: {
          median: round(median(switching)),
          p95: round(p95(switching)),
          samples: switching.map(round),
        },
        close: { median: round(median(closing)), p95: round(p95(closing)), samples: closing.map(round) },
      },
    };
  },
});
