// Starts the reference server for end-to-end tests on a fresh database in test-results/.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = 'test-results/e2e-data';
// Tests read the captcha and phone codes the server issues from here (see test/e2e/support.ts).
export const CODES_FILE = 'test-results/e2e-codes.jsonl';
rmSync(dataDir, { recursive: true, force: true });
rmSync(CODES_FILE, { force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    TEST_CODES_FILE: CODES_FILE,
    PORT: process.env.E2E_PORT ?? '4173',
    HOST: '127.0.0.1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
