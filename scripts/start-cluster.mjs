// `npm run start:cluster`: the reference server as it runs beyond one machine, on this one: a local
// PostgreSQL in <DATA_DIR>/cluster/pg, two server instances on it and a round-robin proxy in front, so
// that every request and socket may land on either instance (docs/scale-out.md). Builds dist/ first when
// it is stale. Ctrl-C (or SIGTERM) stops the proxy, the instances and PostgreSQL, in that order.
//
// Environment: PORT (8080) and HOST (127.0.0.1) of the proxy; INSTANCE_PORTS (8081,8082); PGPORT (5433);
// DATA_DIR (./data) and DIST_DIR (./dist); the rest reaches the instances as it is. Arguments go to the
// first instance only (`-- --simulate`: one demo feed, not one per instance).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildIfStale } from './build-if-stale.mjs';
import { startLocalPostgres } from './local-postgres.mjs';
import { startProxy } from './rr-proxy.mjs';

const READY_WITHIN_MS = 90_000;
/** A cheap public route that answers JSON once the instance and its database are up. */
const READY_PATH = '/api/blade-system/tenant/info?domain=localhost';

const env = process.env;
const base = env.INIT_CWD || process.cwd();
const dataDir = path.resolve(base, env.DATA_DIR || './data');
const distDir = path.resolve(base, env.DIST_DIR || './dist');
const host = env.HOST || '127.0.0.1';
const port = portOf('PORT', env.PORT || '8080');
const pgPort = portOf('PGPORT', env.PGPORT || '5433');
const instancePorts = (env.INSTANCE_PORTS || '8081,8082')
  .split(',')
  .map((p) => portOf('INSTANCE_PORTS', p.trim()));

function portOf(name, text) {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) {
    process.stderr.write(`${name} must be a port number (1-65535), got "${text}"\n`);
    process.exit(1);
  }
  return value;
}

/** Passes a child's output on, line by line, with the instance's name in front. */
function prefixLines(stream, name, out, onLine) {
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
    out.write(`[${name}] ${line}\n`);
    onLine?.(line);
  });
}

/** Resolves once the instance answers JSON, rejects when it exits first or takes too long. */
async function answered(instance) {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (instance.exited) throw new Error(`instance ${instance.name} exited (${instance.exited})`);
    try {
      // Bounded: something else on the port may accept the connection and never answer.
      const answer = await fetch(`${instance.url}${READY_PATH}`, { signal: AbortSignal.timeout(3000) });
      await answer.arrayBuffer();
      if (answer.headers.get('content-type')?.includes('application/json')) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `instance ${instance.name} did not answer ${READY_PATH} within ${READY_WITHIN_MS / 1000} s`,
  );
}

function startInstance(name, instancePort, databaseUrl, args) {
  const instanceData = path.join(dataDir, 'cluster', name);
  mkdirSync(instanceData, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts', ...args], {
    env: {
      ...env,
      PORT: String(instancePort),
      HOST: '127.0.0.1',
      DATA_DIR: instanceData,
      DIST_DIR: distDir,
      DATABASE_URL: databaseUrl,
      // The round-robin proxy in front adds X-Forwarded-For: the per-address sign-in limit counts clients.
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance = {
    name,
    child,
    url: `http://127.0.0.1:${instancePort}`,
    dataDir: instanceData,
    /** The server's "Demo accounts:" block, kept to show again under the cluster's address. */
    accounts: /** @type {string[] | null} */ (null),
    exited: /** @type {string | null} */ (null),
    done: /** @type {Promise<void>} */ (new Promise((resolve) => child.once('exit', () => resolve()))),
  };
  child.once('exit', (code, signal) => {
    instance.exited = signal ? `signal ${signal}` : `exit code ${code}`;
  });
  let collecting = false;
  prefixLines(child.stdout, name, process.stdout, (line) => {
    if (line.startsWith('Demo accounts:')) {
      collecting = true;
      instance.accounts = [];
    }
    if (!collecting) return;
    instance.accounts?.push(line);
    if (line.trim() === '') collecting = false;
  });
  prefixLines(child.stderr, name, process.stderr);
  return instance;
}

/** @type {{ close: () => Promise<void> } | null} */
let proxy = null;
/** @type {ReturnType<typeof startInstance>[]} */
const instances = [];
/** @type {Promise<{ url: string, stop: () => Promise<void> }> | null} */
let database = null;
let stopping = false;

async function shutdown(exitCode) {
  if (stopping) return;
  stopping = true;
  await proxy?.close();
  for (const instance of instances) {
    if (!instance.exited) instance.child.kill('SIGTERM');
  }
  await Promise.race([
    Promise.all(instances.map((instance) => instance.done)),
    new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
  ]);
  for (const instance of instances) {
    if (!instance.exited) instance.child.kill('SIGKILL');
  }
  try {
    // Awaited even when it is still starting, so that a Ctrl-C then leaves no PostgreSQL behind.
    await (await database?.catch(() => null))?.stop();
  } catch (err) {
    process.stderr.write(`Stopping PostgreSQL: ${err.message}\n`);
    exitCode = 1;
  }
  process.stdout.write('Cluster stopped.\n');
  process.exit(exitCode);
}

process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));

async function main() {
  const built = buildIfStale();
  if (built !== 0) process.exit(built);
  const pgDir = path.join(dataDir, 'cluster', 'pg');
  database = startLocalPostgres({ dir: pgDir, port: pgPort });
  const { url: databaseUrl } = await database;
  // One after the other: the first creates and seeds an empty database before the next one looks at it.
  for (const [index, instancePort] of instancePorts.entries()) {
    if (stopping) return;
    const instance = startInstance(
      String.fromCharCode(97 + index),
      instancePort,
      databaseUrl,
      index === 0 ? process.argv.slice(2) : [],
    );
    instances.push(instance);
    await answered(instance);
  }
  if (stopping) return;
  for (const instance of instances) {
    instance.child.once('exit', () => {
      if (stopping) return;
      process.stderr.write(
        `[${instance.name}] exited (${instance.exited}); the proxy sends everything to the others.\n`,
      );
      if (instances.every((each) => each.exited)) {
        process.stderr.write('No instance is left: stopping.\n');
        shutdown(1);
      }
    });
  }
  const started = await startProxy({ port, host, upstreams: instances.map((instance) => instance.url) });
  proxy = started;
  const lines = [
    '',
    `Operations console (cluster): ${started.url}/   round robin over ${instances.length} instances`,
    ...instances.map((instance) => `  [${instance.name}] ${instance.url}/   data folder ${instance.dataDir}`),
    `  database ${databaseUrl}   (PostgreSQL in ${pgDir})`,
    `  front end ${distDir}`,
    '',
    ...(instances[0]?.accounts ?? ['Demo accounts: as instance a printed them above.']),
    'Ctrl-C stops the proxy, the instances and PostgreSQL.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`start:cluster: ${err.message}\n`);
  shutdown(1);
});
