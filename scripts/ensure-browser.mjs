// Makes sure the Chromium the tests launch is there, before `npm test` runs its browser steps (unit,
// end-to-end). Which browser, and whether to install it or explain how, is decided by decideChromium in
// test/support/chromium.mjs; this file only looks at the machine and runs apt-get.
// `node scripts/ensure-browser.mjs` does the same on its own (exit code 1 when there is no browser).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { decideChromium } from '../test/support/chromium.mjs';
import { aptGet, isExecutable, onPath } from './debian.mjs';

/**
 * Finds or installs the tests' browser. Returns `{ ok: true, path }`, or `{ ok: false, message }` with
 * what the person has to do; prints what it does.
 */
// Its lines go to stderr, so a command that prints JSON (the benchmark) keeps stdout clean.
export function ensureChromium({ log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const decision = decideChromium({
    env: process.env,
    isExecutable,
    isRoot: process.getuid?.() === 0,
    hasAptGet: onPath('apt-get') !== null,
  });
  if (decision.action === 'explain') return { ok: false, message: decision.message };
  if (decision.action === 'install') {
    log(decision.message);
    const started = Date.now();
    const failed = aptGet(['update', '-qq']) ?? aptGet(['install', '-y', '-qq', ...decision.packages]);
    const manual = `Install it by hand with: apt-get update && apt-get install -y ${decision.packages.join(' ')}`;
    if (failed) return { ok: false, message: `${failed}\n${manual}` };
    if (!isExecutable(decision.path)) {
      return {
        ok: false,
        message: `apt-get finished but there is still no Chromium at ${decision.path}. ${manual}`,
      };
    }
    log(`Installed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  }
  log(`Chromium: ${decision.path}`);
  return { ok: true, path: decision.path };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = ensureChromium();
  if (!result.ok) {
    process.stderr.write(`${result.message}\n`);
    process.exit(1);
  }
}
