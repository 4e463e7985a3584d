// `npm run test:server:pg`: the server suite again, on PostgreSQL. Starts a throwaway PostgreSQL cluster
// (Debian's `postgresql` package; installed with apt-get when running as root and absent, see
// scripts/local-postgres.mjs) in a temporary folder, runs every server test file with each test server on
// a fresh database of it, and removes the cluster afterwards.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalPostgres } from './local-postgres.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'ops-test-pg-'));
// mkdtemp makes the folder 0700; the cluster runs as the `postgres` user when this runs as root.
chmodSync(dir, 0o755);
const port = Number(process.env.OPS_TEST_PG_PORT || 5439);
let cluster;
try {
  cluster = await startLocalPostgres({ dir, port, throwaway: true });
} catch (err) {
  console.error(`PostgreSQL is not available: ${err.message}`);
  console.log('\nserver (PostgreSQL): 0 passed, 1 failed, 0 skipped');
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
// Every file in one process (packages/server/test/all.ts), or the files named on the command line.
const files = process.argv.slice(2).filter((a) => a.endsWith('.ts'));
const args = [
  '--import',
  'tsx',
  ...(files.length > 0 ? ['--test'] : []),
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./packages/server/test/summary-reporter.mjs',
  '--test-reporter-destination=stdout',
  ...(files.length > 0 ? process.argv.slice(2) : ['packages/server/test/all.ts']),
];
const status = await new Promise((resolve) => {
  const child = spawn(process.execPath, args, {
    stdio: 'inherit',
    shell: false,
    env: { ...process.env, OPS_TEST_DATABASE_URL: cluster.adminUrl },
  });
  child.on('close', (code) => resolve(code ?? 1));
});
await cluster.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(status);
