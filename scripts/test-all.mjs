// `npm test`: everything CI runs, in order: lint, type-check, build, unit tests (web-test-runner in
// Chromium), server tests (node --test) and end-to-end tests (Playwright against the reference server).
// Each runner prints its own closing `N passed, N failed` line; this script exits non-zero if any step
// failed, after running every step that can still run.
import { spawnSync } from 'node:child_process';

const steps = [
  { name: 'lint', cmd: ['npm', 'run', '-s', 'lint'] },
  { name: 'typecheck', cmd: ['npm', 'run', '-s', 'typecheck'] },
  { name: 'build', cmd: ['npm', 'run', '-s', 'build'] },
  { name: 'build-checks', cmd: ['npm', 'run', '-s', 'test:build'] },
  { name: 'unit', cmd: ['npm', 'run', '-s', 'test:unit'] },
  { name: 'server', cmd: ['npm', 'run', '-s', 'test:server'] },
  { name: 'e2e', cmd: ['npm', 'run', '-s', 'test:e2e'], needs: 'build' },
];

const results = new Map();
for (const step of steps) {
  if (step.needs && results.get(step.needs) !== 'ok') {
    results.set(step.name, 'skipped');
    continue;
  }
  process.stdout.write(`\n=== ${step.name} ===\n`);
  const started = Date.now();
  const run = spawnSync(step.cmd[0], step.cmd.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, CI: process.env.CI ?? '' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.set(step.name, run.status === 0 ? 'ok' : 'FAILED');
  process.stdout.write(`=== ${step.name}: ${results.get(step.name)} in ${seconds} s ===\n`);
}

process.stdout.write('\nSteps:\n');
for (const [name, result] of results) process.stdout.write(`  ${name.padEnd(10)} ${result}\n`);
process.exit([...results.values()].every((r) => r === 'ok') ? 0 : 1);
