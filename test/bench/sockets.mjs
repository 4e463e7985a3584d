// Issue 30: sockets at scale on one reference-server instance. It opens NOTICE_SOCKETS notification
// sockets (spread over the demo accounts of tenant 100001, each signed in once) and ASSISTANT_SOCKETS chat
// sessions' sockets, then for DURATION seconds publishes RATE alarm notices a second (each to one account,
// in turn: every socket has messages meant for it) and asks ASSIST_RATE assistant questions a second (each
// in one session, in turn: its socket gets the answer's start and end frames). It checks that every socket
// got every message meant for it, in order, none twice, and reads the server's RSS before and after the
// sockets opened. Then it opens notification sockets up to the instance's cap (MAX_SOCKETS, default 5000)
// plus 10 and reports how many were refused, with which close code and reason, and that the server still
// answers. The bench and the server each hold one descriptor per socket: `ulimit -n` must allow it.
// Prints one JSON object on its last line.
import { execSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { apiSignIn, publishMessage, signedInHeaders, startReferenceServer } from './reference-server.mjs';
import { percentile, round1 } from './stats.mjs';

const NOTICE_SOCKETS = Number(process.env.NOTICE_SOCKETS ?? 1000);
const ASSISTANT_SOCKETS = Number(process.env.ASSISTANT_SOCKETS ?? 200);
const DURATION = Number(process.env.DURATION ?? 60);
const RATE = Number(process.env.RATE ?? 50);
const ASSIST_RATE = Number(process.env.ASSIST_RATE ?? 10);
const MAX_SOCKETS = Number(process.env.MAX_SOCKETS ?? 5000);
const PORT = Number(process.env.BENCH_PORT ?? 4850);
const ACCOUNTS = [
  ['admin', 'Hydro@2026'],
  ['operator', 'Operator@2026'],
  ['znywpt', 'Znywpt@2026'],
  ['hzinfo', 'Hzinfo@2026'],
  ['fresh', '123456'],
];
const QUESTION = '一共有多少座电站？';

const descriptors = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
const needed = MAX_SOCKETS + 10 + 200;
if (descriptors < needed)
  throw new Error(`ulimit -n is ${descriptors}; the bench needs ${needed} (raise it: ulimit -n 65536)`);

const root = mkdtempSync(path.join(tmpdir(), 'ops-bench-sockets-'));
const base = `http://127.0.0.1:${PORT}`;
const server = startReferenceServer({
  port: PORT,
  dataDir: path.join(root, 'data'),
  env: { MAX_SOCKETS: String(MAX_SOCKETS), ASSISTANT_CHUNK_DELAY_MS: '0' },
});
const rssBytes = () =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) * 1024;
/** The API answers (any status): this bench needs no built front end. */
async function waitForApi() {
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${base}/api/blade-system/menu/routes`).then(
        () => true,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error('the server did not start');
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const wsUrl = (p) => `${base.replace('http', 'ws')}${p}`;

/** A signed-in notification socket; `got` keeps the ids of the bench's notices it received, in order. */
function noticeSocket(tokens, sent) {
  return new Promise((resolve) => {
    const ws = new WebSocket(wsUrl(`/api/blade-system/websocket/${tokens.user_id}`));
    const entry = { ws, account: tokens.account, got: [], arrivals: [], closed: null };
    ws.once('open', () => ws.send(JSON.stringify({ 'Blade-Auth': `bearer ${tokens.access_token}` })));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 'ready') return resolve(entry);
      const at = sent.get(frame.subject);
      if (at === undefined) return;
      entry.got.push({ id: frame.id, subject: frame.subject });
      entry.arrivals.push(performance.now() - at);
    });
    ws.once('close', (code, reason) => {
      entry.closed = { code, reason: String(reason) };
      resolve(entry);
    });
    ws.once('error', () => undefined);
  });
}

/** A chat session's socket; `got` keeps the type-1 frames (q_id, running) in order. */
async function assistantSocket(tokens) {
  const res = await fetch(`${base}/api/gglm-big-model/fontEnd/interactive/getSessionId`, {
    headers: signedInHeaders(tokens),
  });
  const sessionId = (await res.json()).data;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(`/api/gglm-big-model/websocket/interactive/${sessionId}`));
    const entry = { ws, tokens, sessionId, got: [] };
    ws.once('open', () => resolve(entry));
    ws.once('error', reject);
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data));
      if (frame.type === 1) entry.got.push({ q: frame.q_id, running: frame.running });
    });
  });
}

async function inBatches(count, size, make) {
  const out = [];
  for (let i = 0; i < count; i += size)
    out.push(
      ...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))),
    );
  return out;
}

/** Publishes `subject` to one account as 100001/admin; answers when the server has stored it. */
async function publish(admin, account, subject) {
  const res = await publishMessage(base, admin, { accounts: [account], subject });
  if (!res.ok) throw new Error(`publish: ${res.status} ${await res.text()}`);
}

/** Asks the assistant in `session`; the answer is read to its end (the socket gets start and end). */
async function ask(session, queryId) {
  const res = await fetch(`${base}/api/hzgglm-model-business/v1/chat/completions`, {
    method: 'POST',
    headers: signedInHeaders(session.tokens),
    body: JSON.stringify({
      messages: [{ role: 'user', content: QUESTION }],
      inputs: { query: QUESTION, query_id: queryId },
      conversation_id: session.sessionId,
      stream: true,
    }),
  });
  await res.text();
  if (!res.ok) throw new Error(`ask: ${res.status}`);
}

/** Missing, duplicated and out-of-order deliveries of a socket, against the subjects meant for it. */
function check(got, expected) {
  const ids = got.map((g) => g.id);
  const seen = new Set(got.map((g) => g.subject));
  let outOfOrder = 0;
  for (let i = 1; i < ids.length; i++) if (ids[i] <= ids[i - 1]) outOfOrder++;
  return {
    missing: expected.filter((s) => !seen.has(s)).length,
    duplicates: got.length - seen.size,
    outOfOrder,
  };
}

try {
  await waitForApi();
  const tokens = [];
  for (const [account, password] of ACCOUNTS)
    tokens.push({ ...(await apiSignIn(base, { account, password })), account });
  const admin = tokens[0];
  const sent = new Map();
  await sleep(500);
  const rssBefore = rssBytes();
  const notices = await inBatches(NOTICE_SOCKETS, 100, (i) => noticeSocket(tokens[i % tokens.length], sent));
  const assistants = await inBatches(ASSISTANT_SOCKETS, 50, (i) =>
    assistantSocket(tokens[i % tokens.length]),
  );
  await sleep(1000);
  const rssOpen = rssBytes();
  const sockets = notices.length + assistants.length;

  // Publish RATE a second and ask ASSIST_RATE a second, on a fixed schedule (a late one does not pile up).
  const expectedFor = new Map(ACCOUNTS.map(([a]) => [a, []]));
  const asked = new Map(assistants.map((s) => [s.sessionId, []]));
  const publishes = [];
  const questions = [];
  const started = performance.now();
  const total = Math.round(DURATION * RATE);
  const totalAsk = Math.round(DURATION * ASSIST_RATE);
  let errors = 0;
  const errorKinds = new Map();
  const failed = (err) => {
    errors++;
    const kind = String(err?.cause?.code ?? err?.message ?? err).slice(0, 80);
    errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
  };
  const schedule = (count, rate, run) =>
    (async () => {
      for (let i = 0; i < count; i++) {
        const due = started + (i * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        run(i);
      }
    })();
  await Promise.all([
    schedule(total, RATE, (i) => {
      const account = ACCOUNTS[i % ACCOUNTS.length][0];
      const subject = `bench ${i}`;
      sent.set(subject, performance.now());
      // Only a publish the server accepted is meant for the sockets; a refused one is counted as an error.
      publishes.push(
        publish(admin, account, subject).then(() => expectedFor.get(account).push(subject), failed),
      );
    }),
    schedule(totalAsk, ASSIST_RATE || 1, (i) => {
      const session = assistants[i % assistants.length];
      const queryId = `q${String(i).padStart(24, '0')}`;
      questions.push(ask(session, queryId).then(() => asked.get(session.sessionId).push(queryId), failed));
    }),
  ]);
  await Promise.all([...publishes, ...questions]);
  const publishSeconds = (performance.now() - started) / 1000;
  // Wait for the last deliveries (at most 30 s), then check every socket.
  const deliveredNow = () => notices.reduce((n, s) => n + s.got.length, 0);
  const expected = notices.reduce((n, s) => n + expectedFor.get(s.account).length, 0);
  const answered = [...asked.values()].reduce((n, q) => n + q.length, 0);
  const assistant = { questions: totalAsk, answered, expectedFrames: answered * 2, frames: 0, wrong: 0 };
  const framesNow = () => assistants.reduce((n, s) => n + s.got.length, 0);
  for (let i = 0; i < 300 && (deliveredNow() < expected || framesNow() < assistant.expectedFrames); i++)
    await sleep(100);
  const delivered = deliveredNow();
  const totals = { missing: 0, duplicates: 0, outOfOrder: 0 };
  for (const s of notices) {
    const r = check(s.got, expectedFor.get(s.account));
    for (const k of Object.keys(totals)) totals[k] += r[k];
  }
  for (const s of assistants) {
    assistant.frames += s.got.length;
    // Each answer's start, then its end, once each (answers of one session may overlap when the server lags).
    for (const q of asked.get(s.sessionId)) {
      const frames = s.got.filter((g) => g.q === q).map((g) => g.running);
      if (frames.join() !== 'true,false') assistant.wrong++;
    }
  }
  const arrivals = notices.flatMap((s) => s.arrivals);
  const rssAfterRun = rssBytes();

  // The cap: notification sockets up to MAX_SOCKETS + 10 in all.
  const more = MAX_SOCKETS + 10 - sockets;
  const extra = await inBatches(more, 200, (i) => noticeSocket(tokens[i % tokens.length], sent));
  await sleep(1000);
  const refusedList = extra.filter((s) => s.closed);
  const reasons = [...new Set(refusedList.map((s) => `${s.closed.code} ${s.closed.reason}`))];
  const rssFull = rssBytes();
  const openAtCap = sockets + extra.length - refusedList.length;
  const probe = `bench after cap`;
  sent.set(probe, performance.now());
  await publish(admin, 'operator', probe);
  const probeSocket = notices.find((s) => s.account === 'operator');
  for (let i = 0; i < 50 && !probeSocket.got.some((g) => g.subject === probe); i++) await sleep(100);
  const stillAnswers = probeSocket.got.some((g) => g.subject === probe);
  for (const s of [...notices, ...assistants, ...extra]) s.ws.close();

  console.log(
    JSON.stringify({
      cores: availableParallelism(),
      ulimitN: descriptors,
      sockets,
      noticeSockets: notices.length,
      assistantSockets: assistants.length,
      durationS: DURATION,
      publishSeconds: round1(publishSeconds),
      rate: RATE,
      published: total,
      expected,
      delivered,
      ...totals,
      publishedOk: [...expectedFor.values()].reduce((n, l) => n + l.length, 0),
      errors,
      errorKinds: Object.fromEntries(errorKinds),
      p50Ms: round1(percentile(arrivals, 50)),
      p99Ms: round1(percentile(arrivals, 99)),
      assistant: { ...assistant, rate: ASSIST_RATE },
      rssBeforeMB: round1(rssBefore / 2 ** 20),
      rssOpenMB: round1(rssOpen / 2 ** 20),
      rssAfterRunMB: round1(rssAfterRun / 2 ** 20),
      bytesPerSocket: Math.round((rssOpen - rssBefore) / sockets),
      cap: {
        limit: MAX_SOCKETS,
        tried: sockets + extra.length,
        open: openAtCap,
        refused: refusedList.length,
        closes: reasons,
        rssFullMB: round1(rssFull / 2 ** 20),
        bytesPerSocketAtCap: Math.round((rssFull - rssBefore) / openAtCap),
        serverAnswersAfter: stillAnswers,
        serverAlive: server.exitCode === null,
      },
    }),
  );
} finally {
  server.kill();
  rmSync(root, { recursive: true, force: true });
}
