// What the scripts that may install Debian packages share: looking for executables and running apt-get
// (scripts/ensure-browser.mjs for Chromium, scripts/local-postgres.mjs for PostgreSQL).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/** Whether an executable file exists at `file`. */
export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first executable named `command` on the PATH, or null. */
export function onPath(command) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir !== '' && isExecutable(path.join(dir, command))) return path.join(dir, command);
  }
  return null;
}

/** Whether this process may install packages with apt-get: root on a machine that has it. */
export function canAptGet() {
  return process.getuid?.() === 0 && onPath('apt-get') !== null;
}

/**
 * Runs apt-get with `args`, quietly. Returns null when it worked, else a message with the end of its
 * output.
 * @param {string[]} args
 * @returns {string | null}
 */
export function aptGet(args) {
  const run = spawnSync('apt-get', args, {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (run.status === 0) return null;
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n');
  return `apt-get ${args.join(' ')} failed (${run.error?.message ?? `exit code ${run.status}`}):\n${output}`;
}
