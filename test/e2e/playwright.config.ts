import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { BASE_PORT, WORKERS } from './ports.mjs';

const ports = Array.from({ length: WORKERS }, (_, index) => BASE_PORT + index);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  // Each worker has its own server (fixtures.ts points its baseURL there); a spec file stays in one worker.
  workers: WORKERS,
  retries: 0,
  // A hang guard, not a speed check: the same run takes 2-3 times as long on a busy 2-core machine.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [['list'], ['./summary-reporter.ts']],
  use: {
    viewport: { width: 1366, height: 768 },
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A trace records every action's snapshots and a screencast while the test runs, kept or not: it made
    // the chrome and guard specs take 64 s instead of 46 s (one worker, same run). CI keeps only the log,
    // so CI records none; a local run keeps the trace of a failure.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  webServer: ports.map((port) => ({
    command: 'node test/e2e/start-server.mjs',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/site-config.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { E2E_PORT: String(port) },
  })),
});
