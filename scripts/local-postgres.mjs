// A PostgreSQL of its own in one folder, for `npm run start:cluster` and for tests: finds Debian's
// PostgreSQL 15+ (installing it with apt-get when missing and allowed), initialises the folder once, starts
// the server on 127.0.0.1 only, with trust authentication and its socket inside the folder, and makes the
// role and database `ops`. Nothing is printed unless something fails (or apt-get has to run).
//
//   node scripts/local-postgres.mjs start <dir> <port> [--throwaway]   prints the database URL
//   node scripts/local-postgres.mjs stop <dir>
import { spawn, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { aptGet, canAptGet, isExecutable, onPath } from './debian.mjs';

const TOOLS = ['initdb', 'pg_ctl', 'psql'];
const MIN_VERSION = 15;
const PACKAGE = 'postgresql';
/** The unix-socket path limit (sun_path is 108 bytes with its NUL). */
const SOCKET_PATH_MAX = 107;
/** The file of settings rewritten at every start; postgresql.conf includes it. */
const SETTINGS = 'local-postgres.conf';

/**
 * @typedef {{ initdb: string, pg_ctl: string, psql: string }} Tools
 * @typedef {{ url: string, adminUrl: string, stop: () => Promise<void> }} LocalPostgres
 */

/** @returns {Tools | null} */
function findTools() {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && Number(name) >= MIN_VERSION)
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const tools = Object.fromEntries(TOOLS.map((tool) => [tool, path.join(root, version, 'bin', tool)]));
    if (TOOLS.every((tool) => isExecutable(tools[tool]))) return /** @type {Tools} */ (tools);
  }
  const onThePath = Object.fromEntries(TOOLS.map((tool) => [tool, onPath(tool)]));
  if (!TOOLS.every((tool) => onThePath[tool])) return null;
  const version = spawnSync(onThePath.initdb, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const major = Number(/(\d+)(?:\.\d+)*\s*$/.exec(version.trim())?.[1] ?? 0);
  return major >= MIN_VERSION ? /** @type {Tools} */ (onThePath) : null;
}

/** The PostgreSQL tools, installing Debian's package when they are missing and this process may. */
function tools() {
  const found = findTools();
  if (found) return found;
  const manual = `Install Debian's ${PACKAGE} package (as root: apt-get install -y ${PACKAGE}) and try again.`;
  if (!canAptGet()) {
    throw new Error(
      `PostgreSQL ${MIN_VERSION} or newer was not found in /usr/lib/postgresql/*/bin or on the PATH. ${manual}`,
    );
  }
  process.stderr.write(
    `Installing Debian's ${PACKAGE} with apt-get (there is no PostgreSQL ${MIN_VERSION}+)…\n`,
  );
  const failed =
    aptGet(['update', '-qq']) ?? aptGet(['install', '-y', '-qq', '--no-install-recommends', PACKAGE]);
  if (failed) throw new Error(`${failed}\n${manual}`);
  const installed = findTools();
  if (!installed)
    throw new Error(`apt-get installed ${PACKAGE} but there is still no PostgreSQL ${MIN_VERSION}+.`);
  return installed;
}

/** initdb refuses root, so as root the cluster belongs to Debian's `postgres` user. */
function owner() {
  if (process.getuid?.() !== 0) return null;
  const id = (flag) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  if (uid.status !== 0) {
    throw new Error(
      "PostgreSQL will not run as root and there is no 'postgres' user to run it " +
        `(Debian's ${PACKAGE} package creates one). Create it, or run this as an unprivileged user.`,
    );
  }
  return { uid: Number(uid.stdout), gid: Number(id('-g').stdout) };
}

/**
 * Runs a PostgreSQL tool (as the `postgres` user when this process is root and `asOwner`); resolves with
 * its output, rejects with it.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, input?: string, asOwner?: boolean }} [options]
 * @returns {Promise<string>}
 */
function run(command, args, { cwd, input, asOwner = true } = {}) {
  const asPostgres = asOwner && process.getuid?.() === 0;
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, {
      cwd,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else {
        const name = path.basename(command);
        reject(new Error(`${name} ${args.join(' ')} failed (exit code ${code}):\n${output.trim()}`));
      }
    });
    // A tool that exits before reading its input makes the write fail; its exit code tells what happened.
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

/** The port a running cluster in `dir` listens on, or null when it does not run. */
async function runningPort(pgCtl, dir) {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) return null;
  try {
    await run(pgCtl, ['status', '-D', dir], { cwd: dir });
  } catch {
    return null;
  }
  // postmaster.pid: pid, data folder, start time, port, socket folder, listen address, ...
  const lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  return Number(lines[3]);
}

const quoted = (text) => `'${text.replaceAll("'", "''")}'`;

async function initialise(found, dir) {
  // The C locale compares text byte by byte, as the embedded SQLite does, so both engines sort alike.
  await run(found.initdb, ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C'], {
    cwd: dir,
  });
  const conf = path.join(dir, 'postgresql.conf');
  writeFileSync(conf, `${readFileSync(conf, 'utf8')}\ninclude_if_exists = ${quoted(SETTINGS)}\n`);
  // Only this machine, and no password: the server listens on 127.0.0.1 and a socket in this folder.
  writeFileSync(
    path.join(dir, 'pg_hba.conf'),
    '# Written by scripts/local-postgres.mjs: trust, from this machine only.\n' +
      'local all all trust\nhost all all 127.0.0.1/32 trust\n',
  );
}

/**
 * Starts (initialising `dir` on first use) a PostgreSQL that listens on 127.0.0.1:`port`, with role and
 * database `ops`. When a cluster already runs in `dir` on the same port it is reused; on another port it
 * is an error; `stop()` stops it either way. `throwaway: true` turns fsync off (tests only: a crash
 * of the machine can lose the data).
 * @param {{ dir: string, port: number, throwaway?: boolean }} options
 * @returns {Promise<LocalPostgres>}
 */
export async function startLocalPostgres({ dir: given, port, throwaway = false }) {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`Not a port: ${port}`);
  const dir = path.resolve(given);
  const socket = path.join(dir, `.s.PGSQL.${port}`);
  if (Buffer.byteLength(socket) > SOCKET_PATH_MAX) {
    throw new Error(
      `The folder ${dir} is too long for PostgreSQL's socket (${socket}): choose a shorter one.`,
    );
  }
  const found = tools();
  const user = owner();
  // Default modes: the postgres user must reach the folder through its parents (initdb makes it 0700).
  mkdirSync(dir, { recursive: true });
  if (user && statSync(dir).uid !== user.uid) chownSync(dir, user.uid, user.gid);
  if (user && spawnSync('runuser', ['-u', 'postgres', '--', 'test', '-w', dir]).status !== 0) {
    throw new Error(
      `The postgres user cannot write to ${dir}: every folder above it must be searchable by others (chmod o+x).`,
    );
  }
  const url = `postgres://ops@127.0.0.1:${port}/ops`;
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const handle = { url, adminUrl, stop: () => stopLocalPostgres(dir) };

  const running = await runningPort(found.pg_ctl, dir);
  if (running !== null && running !== port) {
    throw new Error(`PostgreSQL already runs in ${dir} on port ${running}, not ${port}: stop it first.`);
  }
  if (running === null) {
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await initialise(found, dir);
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `port = ${port}`,
      `unix_socket_directories = ${quoted(dir)}`,
      ...(throwaway ? ['fsync = off', 'synchronous_commit = off', 'full_page_writes = off'] : []),
    ];
    writeFileSync(
      path.join(dir, SETTINGS),
      `# Rewritten at every start by scripts/local-postgres.mjs.\n${settings.join('\n')}\n`,
    );
    if (user) chownSync(path.join(dir, SETTINGS), user.uid, user.gid);
    const log = path.join(dir, 'postgres.log');
    try {
      await run(found.pg_ctl, ['start', '-w', '-t', '60', '-D', dir, '-l', log], { cwd: dir });
    } catch (err) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
      throw new Error(`PostgreSQL did not start in ${dir} on port ${port}.\n${tail || err.message}`);
    }
  }
  // Idempotent: the role and the database are made only when missing.
  await run(found.psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', adminUrl], {
    asOwner: false,
    input: [
      "SELECT 'CREATE ROLE ops LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'ops')\\gexec",
      "SELECT 'CREATE DATABASE ops OWNER ops' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'ops')\\gexec",
      '',
    ].join('\n'),
  });
  return handle;
}

/**
 * Stops the PostgreSQL running in `dir` (fast: open sessions are ended); nothing when none runs.
 * @param {string} dir
 * @returns {Promise<void>}
 */
export async function stopLocalPostgres(dir) {
  const found = findTools();
  const resolved = path.resolve(dir);
  if (!found || (await runningPort(found.pg_ctl, resolved)) === null) return;
  await run(found.pg_ctl, ['stop', '-w', '-t', '60', '-m', 'fast', '-D', resolved], { cwd: resolved });
}

async function cli([command, dir, port, ...flags]) {
  if (command === 'start' && dir && port) {
    const { url } = await startLocalPostgres({
      dir,
      port: Number(port),
      throwaway: flags.includes('--throwaway'),
    });
    process.stdout.write(`${url}\n`);
  } else if (command === 'stop' && dir) {
    await stopLocalPostgres(dir);
  } else {
    process.stderr.write(
      'Usage: node scripts/local-postgres.mjs start <dir> <port> [--throwaway] | stop <dir>\n',
    );
    process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  });
}
