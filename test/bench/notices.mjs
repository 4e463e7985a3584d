// QUALITY P7: the notification feed at 50 messages/s for 60 s renders at most once per animation frame
// and keeps a bounded DOM. Runs the built console (npm run build first) on the reference server, signs in
// as 100001/operator, opens the popup's list ('更多'), then publishes SOE events (and one alarm message in
// ten) to the operator through the publish calls at RATE per second for SECONDS. In the page it counts,
// per animation frame, the commits that changed the popup (one MutationObserver callback per commit),
// the popup's rows, the notification frames the socket delivered and the long tasks. Prints JSON.
import { apiSignIn, runBench } from './reference-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4183);
const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.DURATION ?? 60);

/** The administrator's access token through the token endpoint, as the login page sends a password. */
async function adminToken(base) {
  return (await apiSignIn(base, { account: 'admin', password: 'Hydro@2026' })).access_token;
}

/** In the page, before the console loads: counters of socket frames, popup commits per frame, long tasks. */
function instrument() {
  const probe = { frames: 0, notifications: 0, commitsByFrame: new Map(), maxRows: 0, longTasks: [] };
  window.__p7 = probe;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (/"kind":/.test(String(event.data))) probe.notifications += 1;
      });
    }
  };
  const tick = () => {
    probe.frames += 1;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new MutationObserver((records) => {
    const popup = records.some((r) => r.target instanceof Element && r.target.closest('.ops-notices-layer'));
    if (!popup) return;
    probe.commitsByFrame.set(probe.frames, (probe.commitsByFrame.get(probe.frames) ?? 0) + 1);
    const rows = document.querySelectorAll('.ops-notices-popup__item').length;
    if (rows > probe.maxRows) probe.maxRows = rows;
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

await runBench({
  name: 'notices',
  port: PORT,
  before: (page) => page.addInitScript(instrument),
  async measure(page, { base }) {
    const token = await adminToken(base);
    await page.waitForFunction(() => document.querySelector('button[title="通知连接：已连接"]'));

    const publish = (n) => {
      const alarm = n % 10 === 0;
      return fetch(
        `${base}${alarm ? '/api/blade-system/message/record/publish' : '/api/hzinfo-data-socket/soe/publish'}`,
        {
          method: 'POST',
          headers: { 'Blade-Auth': `bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(
            alarm
              ? {
                  accounts: ['operator'],
                  businessClassify: 'alarm',
                  subject: `告警 ${n}`,
                  content: `第 ${n} 条`,
                }
              : { accounts: ['operator'], deptName: '飞来峡水电站', soe_explain: `事件 ${n}` },
          ),
        },
      ).then((r) => r.ok);
    };

    // The first two open the popup; its list is expanded so every kept row is in the DOM.
    await publish(1);
    await publish(3);
    await page.getByRole('region', { name: '消息通知' }).getByText('事件 3').waitFor();
    await page.getByRole('region', { name: '消息通知' }).getByRole('button', { name: '更多' }).click();
    await page.evaluate(() => {
      window.__p7.commitsByFrame.clear();
      window.__p7.maxRows = 0;
      window.__p7.longTasks.length = 0;
      window.__p7.notifications = 0;
      window.__p7.startFrame = window.__p7.frames;
    });

    const total = RATE * SECONDS;
    const started = Date.now();
    const sent = [];
    for (let n = 0; n < total; n += 1) {
      const due = started + (n * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sent.push(publish(n + 4));
    }
    const accepted = (await Promise.all(sent)).filter(Boolean).length;
    const elapsed = (Date.now() - started) / 1000;
    await page.waitForFunction((n) => window.__p7.notifications >= n, accepted, { timeout: 30_000 });
    await page.waitForTimeout(500);
    const probe = await page.evaluate(() => {
      const p = window.__p7;
      const counts = [...p.commitsByFrame.values()];
      return {
        frames: p.frames - p.startFrame,
        framesWithCommits: counts.length,
        commits: counts.reduce((a, b) => a + b, 0),
        maxCommitsPerFrame: Math.max(0, ...counts),
        maxRows: p.maxRows,
        rowsAtEnd: document.querySelectorAll('.ops-notices-popup__item').length,
        notifications: p.notifications,
        longTasks: p.longTasks.length,
        longestTaskMs: Math.round(Math.max(0, ...p.longTasks)),
        domNodes: document.getElementsByTagName('*').length,
      };
    });
    return {
      P7: {
        what: 'notification feed under a steady publish rate: popup commits per animation frame, popup rows kept',
        budget: { commitsPerFrame: 1, rows: 50 },
        rate: RATE,
        seconds: SECONDS,
        elapsedSeconds: Math.round(elapsed * 10) / 10,
        published: accepted,
        received: probe.notifications,
        ...probe,
      },
    };
  },
});
