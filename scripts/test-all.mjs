// `npm test`: everything CI runs, in order: the browser check (finds Chromium, or installs Debian's when
// running as root with apt-get, see scripts/ensure-browser.mjs), lint, type-check, build, unit tests
// (web-test-runner in Chromium), server tests (node --test, on SQLite and on PostgreSQL) and end-to-end tests (Playwright against the
// reference server). Each runner prints its own closing `N passed, N failed` line; this script exits
// non-zero if any step failed, after running every step that can still run: without a browser, the unit
// and end-to-end steps are skipped and the others still run.
import { spawn } from 'node:child_process';
import { ensureChromium } from './ensure-browser.mjs';

const steps = [
  { name: 'browser', run: ensureChromium },
  { name: 'lint', cmd: ['npm', 'run', '-s', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', '-s', 'typecheck'] },
  { name: 'build', cmd: ['npm', 'run', '-s', 'build'] },
  { name: 'build-checks', cmd: ['npm', 'run', '-s', 'test:build'] },
  // The server tests run beside the unit and end-to-end tests, which wait on the browser much of the time
  // (the unit step used ~120 s of CPU in 215 s on two cores); their output is held and printed whole once
  // they end, so neither runner's lines are mixed into the other's. Started before the unit step rather
  // than the end-to-end one, they finish while the end-to-end tests still run, which then have the
  // machine to themselves.
  { name: 'server', cmd: ['npm', 'run', '-s', 'test:server'], beside: true },
  // The same server tests on PostgreSQL (a throwaway cluster from Debian's package), with the two-instance
  // test that only PostgreSQL can run.
  { name: 'server-pg', cmd: ['npm', 'run', '-s', 'test:server:pg'], beside: true },
  { name: 'unit', cmd: ['npm', 'run', '-s', 'test:unit'], needs: ['browser'] },
  { name: 'e2e', cmd: ['npm', 'run', '-s', 'test:e2e'], needs: ['browser', 'build'] },
];

/**
 * Runs a command with its output on this terminal. Asynchronous on purpose: a step running beside it
 * writes into a pipe this process must keep draining (a synchronous wait would stall it on a full pipe).
 */
function runCommand(cmd) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, CI: process.env.CI ?? '' },
    });
    child.on('close', (status) => resolve({ ok: status === 0 }));
  });
}

/** Runs a command with its output held; resolves with the output and whether it passed. */
function runHeld(cmd) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { env: { ...process.env, CI: process.env.CI ?? '' } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (status) => resolve({ ok: status === 0, output: Buffer.concat(chunks).toString() }));
  });
}

const results = new Map();
const notes = [];
const beside = [];
// The steps run beside the others run one after another among themselves (two server passes at once
// beside the browser would make three busy processes on a two-core machine).
let besideChain = Promise.resolve();
for (const step of steps) {
  if (step.beside) {
    const done = besideChain.then(async () => {
      const started = Date.now();
      const outcome = await runHeld(step.cmd);
      return { step, outcome, started, ended: Date.now() };
    });
    besideChain = done;
    beside.push(done);
    continue;
  }
  const missing = (step.needs ?? []).filter((need) => results.get(need) !== 'ok');
  if (missing.length > 0) {
    results.set(step.name, `skipped (${missing.join(', ')} failed)`);
    continue;
  }
  process.stdout.write(`\n=== ${step.name} ===\n`);
  const started = Date.now();
  const outcome = step.run ? step.run() : await runCommand(step.cmd);
  if (outcome.message) {
    process.stdout.write(`${outcome.message}\n`);
    notes.push(outcome.message);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.set(step.name, outcome.ok ? 'ok' : 'FAILED');
  process.stdout.write(`=== ${step.name}: ${results.get(step.name)} in ${seconds} s ===\n`);
}

for (const { step, outcome, started, ended } of await Promise.all(beside)) {
  process.stdout.write(`\n=== ${step.name} (run beside the others) ===\n${outcome.output}`);
  results.set(step.name, outcome.ok ? 'ok' : 'FAILED');
  const seconds = ((ended - started) / 1000).toFixed(1);
  process.stdout.write(`=== ${step.name}: ${results.get(step.name)} in ${seconds} s ===\n`);
}

process.stdout.write('\nSteps:\n');
for (const [name, result] of results) process.stdout.write(`  ${name.padEnd(12)} ${result}\n`);
for (const note of notes) process.stdout.write(`\n${note}\n`);
process.exit([...results.values()].every((r) => r === 'ok') ? 0 : 1);
