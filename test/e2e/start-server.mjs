// Starts the reference server for end-to-end tests on a fresh database in test-results/.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = 'test-results/e2e-data';
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, PORT: process.env.E2E_PORT ?? '4173', HOST: '127.0.0.1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
