// Issue 30: a compressed shift on the wall screen. One headless Chromium tab, signed in as 100001/admin
// (warring_log: it receives alarms; it has the visual menu), goes through HOURS simulated hours; each hour
// carries SCALE times an hour's work: 3,000 notices and 300 alarms over the socket (the publish route), 50
// socket drops and reconnects (the browser goes offline and back), 600 navigations over the menu's pages
// (the shell's and the sub-apps', as a menu link navigates), 200 tags closed, 100 assistant answers
// streamed in the assistant dialog, and one switch to the visual system and back. Tokens refresh on the
// page's own clock: the server's ACCESS_TOKEN_TTL is shortened (TOKEN_TTL, default 60 s).
// At the end of each hour, once the page is idle (no timeout due within 5 s pending) and after forced GCs:
// the JS heap, documents, DOM nodes and event listeners (DevTools protocol), open sockets and live timers
// (counted by an init script that wraps WebSocket and the timer functions: a bench instrument, not product
// code). The heap budgeted (heapMB) is the used heap less V8's compiled code (a heap snapshot's "code":
// bytecode, JIT machine code, feedback), which grows as functions warm up and is bounded by the program,
// not by the shift's data; usedMB and codeMB are reported beside it (docs/decisions.md, issue 30).
// Needs npm run build. Prints one JSON object on its last line.
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { noticeDialogsSeen } from '../support/notice-flags.mjs';
import { classesOf } from './heap-diff.mjs';
import { apiSignIn, publishMessage, runBench } from './reference-server.mjs';

const HOURS = Number(process.env.HOURS ?? 8);
const SCALE = Number(process.env.SCALE ?? 0.05);
const PORT = Number(process.env.BENCH_PORT ?? 4853);
process.env.ACCESS_TOKEN_TTL = process.env.TOKEN_TTL ?? '60';
const per = (n) => Math.max(1, Math.round(n * SCALE));
const mb = (bytes) => Math.round((bytes / 2 ** 20) * 100) / 100;
const VISUAL = '/station-monitor/visual/index';
/** Parts of the hour left out (comma-separated: notices, navigation, drops, assistant, visual), to find a leak. */
const SKIP = new Set((process.env.SKIP ?? '').split(',').filter(Boolean));

/** The bench's instrument: counts open sockets and live timers (the page's code is otherwise untouched). */
function instrument(trace) {
  const open = new Set();
  /** Where each live timer was made (TRACE_TIMERS=1): its stack, to tell start-up one-offs from leaks. */
  const made = new Map();
  const note = (id, kind, delay) => {
    if (trace)
      made.set(id, `${kind} ${delay ?? 0} ms ${new Error().stack.split('\n').slice(2, 7).join(' | ')}`);
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      open.add(this);
      this.addEventListener('close', () => open.delete(this));
    }
  };
  const timeouts = new Set();
  /** Timeouts due within 5 s (single-spa's lifecycle warnings, a toast's life): pending only while busy. */
  const short = new Set();
  const intervals = new Set();
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci } = window;
  window.setTimeout = (fn, ...rest) => {
    const id = st.call(
      window,
      (...a) => {
        timeouts.delete(id);
        short.delete(id);
        made.delete(id);
        if (typeof fn === 'function') fn(...a);
      },
      ...rest,
    );
    timeouts.add(id);
    if (!(Number(rest[0]) > 5000)) short.add(id);
    note(id, 'timeout', rest[0]);
    return id;
  };
  window.clearTimeout = (id) => {
    timeouts.delete(id);
    short.delete(id);
    made.delete(id);
    ct.call(window, id);
  };
  window.setInterval = (...args) => {
    const id = si.apply(window, args);
    intervals.add(id);
    note(id, 'interval', args[1]);
    return id;
  };
  window.clearInterval = (id) => {
    intervals.delete(id);
    made.delete(id);
    ci.call(window, id);
  };
  window.__bench = () => ({
    sockets: [...open].filter((s) => s.readyState <= 1).length,
    timers: timeouts.size + intervals.size,
    shortTimers: short.size,
    ...(trace ? { timersMade: [...timeouts, ...intervals].map((id) => made.get(id)) } : {}),
  });
}

/** Leaf paths of the menu the console shows admin (its own routes call), without the visual system. */
async function menuPaths(base) {
  const t = await apiSignIn(base, { account: 'admin', password: 'Hydro@2026' });
  const res = await fetch(`${base}/api/blade-system/menu/routes`, {
    headers: { 'Blade-Auth': `bearer ${t.access_token}`, 'Data-Auth': t.dataAuthKey, 'Tenant-Id': '100001' },
  });
  const paths = [];
  const walk = (items) => {
    for (const m of items ?? []) {
      if (m.children?.length) walk(m.children);
      else if (typeof m.path === 'string' && m.path.startsWith('/') && !m.path.includes('visual'))
        paths.push(m.path);
    }
  };
  walk((await res.json()).data);
  return [...new Set(paths)];
}

/** The bench's own admin session (its token lives TOKEN_TTL seconds too: signed in again when refused). */
let admin = null;
async function publish(base, businessClassify, subject, again = true) {
  admin ??= await apiSignIn(base, { account: 'admin', password: 'Hydro@2026' });
  const res = await publishMessage(base, admin, { accounts: ['admin'], subject, businessClassify });
  if (res.status === 401 && again) {
    admin = null;
    return publish(base, businessClassify, subject, false);
  }
  if (!res.ok) throw new Error(`publish: ${res.status} ${await res.text()}`);
}

/** In the page: navigates as a menu link does and waits two frames. */
function navigate(path) {
  return new Promise((resolve) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(location.pathname)));
  });
}

/** Closes the notices dialogs and popup that came up over the page (as an operator acknowledges them). */
async function dismissDialogs(page) {
  for (let i = 0; i < 3; i++) {
    const open = await page.evaluate(() => ({
      dialog: !!document.querySelector('.ops-notices-layer sl-dialog[open]'),
      popup: !!document.querySelector('.ops-notices-popup'),
    }));
    if (open.dialog) await page.keyboard.press('Escape');
    else if (open.popup)
      await page
        .locator('.ops-notices-popup')
        .getByRole('button', { name: '关闭', exact: true })
        .click({ timeout: 2000 })
        .catch(() => undefined);
    else return;
    await page.waitForTimeout(100);
  }
}

let snapshots = 0;
/**
 * The bytes of the heap's compiled code, read from a heap snapshot (DevTools' "Code" class: bytecode, the
 * JIT's machine code, feedback vectors), which is also written to SNAPSHOTS-<n>.heapsnapshot when set.
 */
async function codeBytes(cdp) {
  const chunks = [];
  const take = (e) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', take);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', take);
  const text = chunks.join('');
  if (process.env.SNAPSHOTS) writeFileSync(`${process.env.SNAPSHOTS}-${snapshots++}.heapsnapshot`, text);
  return classesOf(text).get('(code)')?.bytes ?? 0;
}

/**
 * One sample, once the page is idle: the short timeouts of the last navigation (single-spa's lifecycle
 * timeouts, 3 s) have run, so the timers counted are the ones that live on (heartbeats, the token check).
 */
async function sample(page, cdp) {
  let idle = false;
  for (let i = 0; i < 60 && !idle; i++) {
    await page.waitForTimeout(250);
    idle = (await page.evaluate(() => window.__bench().shortTimers)) === 0;
  }
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const used = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const dom = await cdp.send('Memory.getDOMCounters');
  const own = await page.evaluate(() => window.__bench());
  const tags = await page.locator('.ops-tag__close').count();
  const code = await codeBytes(cdp);
  return { heapMB: mb(used - code), usedMB: mb(used), codeMB: mb(code), idle, ...dom, ...own, tags };
}

await runBench({
  name: 'soak',
  compact: true,
  port: PORT,
  // JS_FLAGS: V8 switches for a diagnostic run (--no-opt --no-maglev --no-sparkplug: no JIT code at all).
  browserArgs: process.env.JS_FLAGS ? [`--js-flags=${process.env.JS_FLAGS}`] : [],
  signIn: { account: 'admin', password: 'Hydro@2026' },
  // The once-per-session alarm dialogs are marked seen (as the e2e tests do); live ones are dismissed.
  before: async (page) => {
    await page.addInitScript(instrument, process.env.TRACE_TIMERS === '1');
    await page.addInitScript(noticeDialogsSeen, { tenantId: '100001', account: 'admin' });
  },
  async measure(page, { base }) {
    const cdp = await page.context().newCDPSession(page);
    const paths = await menuPaths(base);
    const samples = [];
    const work = { notices: 0, alarms: 0, drops: 0, navigations: 0, tagsClosed: 0, answers: 0, visual: 0 };
    const problems = [];
    const started = performance.now();
    const socketsNow = () => page.evaluate(() => window.__bench().sockets);
    await page.evaluate(navigate, '/index');
    const cold = await sample(page, cdp);
    for (let hour = 0; hour < HOURS; hour++) {
      // Notices and alarms, published while the page navigates.
      const publishing = (async () => {
        if (SKIP.has('notices')) return;
        for (let i = 0; i < per(3000); i++) await publish(base, 'system', `soak ${hour}.${i}`);
        work.notices += per(3000);
        for (let i = 0; i < per(300); i++) await publish(base, 'alarm', `soak alarm ${hour}.${i}`);
        work.alarms += per(300);
      })().catch((err) => problems.push(String(err)));
      for (let i = 0; i < (SKIP.has('navigation') ? 0 : per(600)); i++) {
        await page.evaluate(navigate, paths[(hour * 97 + i) % paths.length]);
        work.navigations++;
        if (i % 3 === 2) {
          // Close the newest closable tag (one in three navigations: 200 an hour).
          const close = page.locator('.ops-tag__close').last();
          if (await close.count()) {
            await dismissDialogs(page);
            await close.click({ timeout: 10_000 }).then(
              () => work.tagsClosed++,
              (err) => problems.push(`hour ${hour}: tag close: ${String(err).split('\n')[0]}`),
            );
          }
        }
      }
      await publishing;
      const baseline = await socketsNow();
      for (let i = 0; i < (SKIP.has('drops') ? 0 : per(50)); i++) {
        await page.context().setOffline(true);
        await page.waitForTimeout(200);
        await page.context().setOffline(false);
        await page
          .waitForFunction((n) => window.__bench().sockets >= n, baseline, { timeout: 30_000 })
          .catch(() => problems.push(`hour ${hour}: sockets did not come back after drop ${i}`));
        work.drops++;
      }
      for (let i = 0; i < (SKIP.has('assistant') ? 0 : per(100)); i++) {
        await dismissDialogs(page);
        const dialog = page.getByRole('dialog', { name: 'AI 助手' });
        if (!(await dialog.isVisible()))
          await page.getByRole('button', { name: 'AI 助手' }).click({ timeout: 10_000 });
        const question = dialog.getByRole('textbox', { name: '输入问题' });
        await question.fill('一共有多少座电站？');
        await question.press('Enter');
        await dialog
          .getByRole('button', { name: '有帮助' })
          .nth(i % 20)
          .waitFor({ timeout: 30_000 })
          .catch(() => problems.push(`hour ${hour}: answer ${i} not shown`));
        work.answers++;
        // A fresh conversation every 20 answers, so the dialog does not grow without end.
        if (i % 20 === 19) await page.keyboard.press('Escape');
      }
      await page.keyboard.press('Escape');
      if (!SKIP.has('visual')) {
        await page.evaluate(navigate, VISUAL);
        await page.waitForTimeout(1000);
        await page.evaluate(navigate, '/index');
        work.visual++;
      }
      // Every tag closed (the operator tidies up): the samples compare the same page with the same tags.
      await dismissDialogs(page);
      for (let left = await page.locator('.ops-tag__close').count(); left > 0; left--) {
        await page.locator('.ops-tag__close').last().click({ timeout: 10_000 });
        work.tagsClosed++;
      }
      // The hour's sample at its end (the first hour warms up: the assistant and the pages loaded once).
      await page.evaluate(navigate, '/index');
      samples.push(await sample(page, cdp));
      console.error(`hour ${hour + 1}/${HOURS}: ${JSON.stringify(samples.at(-1))}`);
    }
    const first = samples[0];
    const last = samples.at(-1);
    return {
      cores: availableParallelism(),
      hours: HOURS,
      scale: SCALE,
      skipped: [...SKIP],
      menuPaths: paths.length,
      tokenTtlS: Number(process.env.ACCESS_TOKEN_TTL),
      minutes: Math.round((performance.now() - started) / 600) / 100,
      work,
      problems: problems.slice(0, 20),
      cold,
      heapFirstMB: first.heapMB,
      heapLastMB: last.heapMB,
      usedFirstMB: first.usedMB,
      usedLastMB: last.usedMB,
      codeFirstMB: first.codeMB,
      codeLastMB: last.codeMB,
      nodesFirst: first.nodes,
      nodesLast: last.nodes,
      listenersFirst: first.jsEventListeners,
      listenersLast: last.jsEventListeners,
      documentsFirst: first.documents,
      documentsLast: last.documents,
      socketsFirst: first.sockets,
      socketsLast: last.sockets,
      timersFirst: first.timers,
      timersLast: last.timers,
      perHour: {
        heapMB: samples.map((s) => s.heapMB),
        usedMB: samples.map((s) => s.usedMB),
        codeMB: samples.map((s) => s.codeMB),
        nodes: samples.map((s) => s.nodes),
        listeners: samples.map((s) => s.jsEventListeners),
        documents: samples.map((s) => s.documents),
        sockets: samples.map((s) => s.sockets),
        timers: samples.map((s) => s.timers),
        idle: samples.map((s) => s.idle),
        tags: samples.map((s) => s.tags),
      },
      withinBudget:
        last.heapMB <= first.heapMB * 1.1 &&
        last.nodes <= first.nodes * 1.05 &&
        last.jsEventListeners <= first.jsEventListeners * 1.05 &&
        last.sockets === first.sockets &&
        last.timers === first.timers,
    };
  },
});
