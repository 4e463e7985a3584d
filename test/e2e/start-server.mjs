// Starts the reference server for end-to-end tests on a fresh database in test-results/, on E2E_PORT
// (one per Playwright worker, see ports.mjs).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { codesFile, DEPLOY_KEY, dataDir } from './ports.mjs';

const port = process.env.E2E_PORT ?? '4173';
rmSync(dataDir(port), { recursive: true, force: true });
rmSync(codesFile(port), { force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir(port),
    // Tests read the captcha and phone codes the server issues from here (see test/e2e/support.ts).
    TEST_CODES_FILE: codesFile(port),
    PORT: port,
    HOST: '127.0.0.1',
    DEPLOY_KEY,
    // The built-in assistant answers at 3 characters per 5 ms instead of per 30 ms: what the tests look
    // at mid-stream is held by the page (answer-gate.ts), so a slower pace only makes them longer.
    ASSISTANT_CHUNK_DELAY_MS: '5',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
