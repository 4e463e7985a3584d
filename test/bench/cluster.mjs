// Issue 29 / QUALITY R8: the reference server on one and two instances. For each configuration —
// SQLite with one instance, PostgreSQL with one, PostgreSQL with two — it signs in, then drives the menu,
// unread and index routes at a fixed concurrency (keep-alive connections, the requests spread round-robin
// over the instances as a load balancer would) and reports requests per second, p50/p99 and errors. Then,
// with two instances, it opens SOCKETS notification sockets spread over both and publishes PUBLISHES
// notices through instance A, timing each from the publish to its arrival on the sockets of B.
// Needs the built console (npm run build) and PostgreSQL (Debian's package; scripts/local-postgres.mjs
// installs it as root). Prints one JSON object on its last line.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startLocalPostgres } from '../../scripts/local-postgres.mjs';
import { apiSignIn, publishMessage, startReferenceServer, waitForServer } from './reference-server.mjs';
import { percentile, round1 } from './stats.mjs';

const SECONDS = Number(process.env.DURATION ?? 5);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const SOCKETS = Number(process.env.SOCKETS ?? 200);
const PUBLISHES = Number(process.env.PUBLISHES ?? 50);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 4820);

const root = mkdtempSync(path.join(tmpdir(), 'ops-bench-cluster-'));
// The PostgreSQL cluster inside runs as the `postgres` user when the bench runs as root.
chmodSync(root, 0o755);
const children = [];

function startInstance(port, env) {
  children.push(startReferenceServer({ port, dataDir: path.join(root, `data-${port}`), env }));
  return `http://127.0.0.1:${port}`;
}

async function stopInstances() {
  await Promise.all(
    children.splice(0).map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}

const signIn = (base, account, password) => apiSignIn(base, { account, password });

/** GETs `route` on the instances in turn from CONCURRENCY workers for SECONDS; rps, p50/p99, errors. */
async function load(bases, route, tokens) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies = [];
  let errors = 0;
  let next = 0;
  const headers = tokens
    ? {
        'Blade-Auth': `bearer ${tokens.access_token}`,
        'Data-Auth': tokens.dataAuthKey,
        'Tenant-Id': '100001',
      }
    : {};
  const one = (base) =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(`${base}${route}`, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors += 1;
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) await one(bases[next++ % bases.length]);
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    rps: Math.round(latencies.length / elapsed),
    p50Ms: round1(percentile(latencies, 50)),
    p99Ms: round1(percentile(latencies, 99)),
    requests: latencies.length,
    errors,
  };
}

const ROUTES = {
  menu: { path: '/api/blade-system/menu/routes', signedIn: true },
  unread: { path: '/api/blade-system/message/record/getPersonalUnreadMessage', signedIn: true },
  index: { path: '/index', signedIn: false },
};

async function measureRoutes(bases) {
  const tokens = await signIn(bases[0], 'operator', 'Operator@2026');
  // Warm each instance (first statements prepared, first pages built) before measuring.
  for (const base of bases)
    for (const { path: p } of Object.values(ROUTES)) await fetch(`${base}${p}`).catch(() => {});
  const result = {};
  for (const [name, route] of Object.entries(ROUTES)) {
    result[name] = await load(bases, route.path, route.signedIn ? tokens : null);
  }
  return result;
}

/** SOCKETS operator sockets, alternately on A and B; PUBLISHES notices through A, one at a time. */
async function publishLatency(a, b) {
  const admin = await signIn(a, 'admin', 'Hydro@2026');
  const operator = await signIn(b, 'operator', 'Operator@2026');
  const sent = new Map();
  const arrivals = { a: [], b: [] };
  let received = 0;
  const sockets = await Promise.all(
    Array.from({ length: SOCKETS }, (_, i) => {
      const on = i % 2 === 0 ? 'a' : 'b';
      const base = on === 'a' ? a : b;
      return new Promise((resolve, reject) => {
        const ws = new WebSocket(
          `${base.replace('http', 'ws')}/api/blade-system/websocket/${operator.user_id}`,
        );
        ws.once('error', reject);
        ws.once('open', () => ws.send(JSON.stringify({ 'Blade-Auth': `bearer ${operator.access_token}` })));
        ws.on('message', (data) => {
          const frame = JSON.parse(String(data));
          if (frame.type === 'ready') resolve(ws);
          const at = sent.get(frame.subject);
          if (at !== undefined) {
            arrivals[on].push(performance.now() - at);
            received += 1;
          }
        });
      });
    }),
  );
  for (let i = 0; i < PUBLISHES; i += 1) {
    const subject = `bench ${i}`;
    const expected = received + SOCKETS;
    sent.set(subject, performance.now());
    const answer = await publishMessage(a, admin, { accounts: ['operator'], subject });
    if (!answer.ok) throw new Error(`publish: ${answer.status} ${await answer.text()}`);
    const deadline = performance.now() + 5000;
    while (received < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
  }
  for (const ws of sockets) ws.close();
  return {
    sockets: SOCKETS,
    publishes: PUBLISHES,
    expected: SOCKETS * PUBLISHES,
    delivered: received,
    onBp50Ms: round1(percentile(arrivals.b, 50)),
    onBp99Ms: round1(percentile(arrivals.b, 99)),
    onAp50Ms: round1(percentile(arrivals.a, 50)),
    onAp99Ms: round1(percentile(arrivals.a, 99)),
  };
}

let cluster;
try {
  const results = {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model ?? '',
    seconds: SECONDS,
    concurrency: CONCURRENCY,
  };
  const sqlite = startInstance(BASE_PORT, {});
  await waitForServer(sqlite);
  results.sqlite1 = await measureRoutes([sqlite]);
  await stopInstances();

  cluster = await startLocalPostgres({ dir: path.join(root, 'pg'), port: BASE_PORT + 10, throwaway: true });
  const env = { DATABASE_URL: cluster.url };
  const first = startInstance(BASE_PORT + 1, env);
  await waitForServer(first);
  results.postgres1 = await measureRoutes([first]);
  const second = startInstance(BASE_PORT + 2, env);
  await waitForServer(second);
  results.postgres2 = await measureRoutes([first, second]);
  results.publishAtoB = await publishLatency(first, second);
  await stopInstances();
  console.log(JSON.stringify(results));
} finally {
  await stopInstances();
  await cluster?.stop();
  rmSync(root, { recursive: true, force: true });
}
