// The benches' reference server: started on a fresh database with the captcha codes written to a file
// (TEST_CODES_FILE, refused in production), so a bench signs in through the real login page.
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

/** Starts the server on `port` over a fresh `dataDir`; `codes` is where it writes the codes it issues. */
export function startReferenceServer({ port, dataDir, codes }) {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(codes, { force: true });
  return spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      TEST_CODES_FILE: codes,
      LOGIN_CONFLICT: 'off',
    },
    stdio: 'ignore',
  });
}

/** Resolves once the server at `base` answers, or throws after 10 s. */
export async function waitForServer(base) {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/site-config.json`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** The newest captcha the server issued (`{ kind, text, ... }`). */
export const lastCaptcha = (codes) =>
  readFileSync(codes, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.kind === 'captcha')
    .at(-1);
