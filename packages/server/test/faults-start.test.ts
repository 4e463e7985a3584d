import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testEngine } from './engine.ts';

/**
 * Issue 30 item 4: a data folder the server cannot write stops `npm start` with one clear line naming the
 * folder and the problem, exit code 1, no stack trace and no database file. The folder is made read-only
 * with chmod 0555; as root (which ignores file modes) the server runs as `nobody`, as a service account
 * would. The embedded database only (PostgreSQL keeps no database in the data folder).
 */

const MAIN = join(import.meta.dirname, '../src/main.ts');
const asRoot = process.getuid?.() === 0;

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DATABASE_URL: '', HOME: tmpdir(), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  // A server that wrongly starts would listen for ever: stopped, it fails the test (no exit code 1).
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

describe('faults: a data folder the server cannot use', { skip: testEngine() !== 'sqlite' }, () => {
  let root = '';
  let env: Record<string, string>;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'ops-start-'));
    chmodSync(root, 0o755);
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist/index.html'), '<!doctype html><html></html>');
    env = { DIST_DIR: join(root, 'dist'), PORT: '4860', HOST: '127.0.0.1' };
  });
  after(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('read-only: exits 1 with one line naming the folder, writes nothing', async () => {
    const data = join(root, 'data');
    mkdirSync(data, { mode: 0o555 });
    chmodSync(data, 0o555);
    const { code, stderr } = await start({ ...env, DATA_DIR: data });
    assert.equal(code, 1);
    assert.equal(stderr, `Data folder ${data} is not writable: permission denied\n`);
    assert.deepEqual(readdirSync(data), [], 'no database file, nothing else');
  });

  it('a file where the folder should be: exits 1 with one line', async () => {
    const file = join(root, 'not-a-folder');
    writeFileSync(file, 'x');
    const { code, stderr } = await start({ ...env, DATA_DIR: file });
    assert.equal(code, 1);
    assert.equal(stderr, `Data folder ${file} is not a folder\n`);
  });

  it('a database that cannot be opened: exits 1 with one line naming it', async () => {
    const data = join(root, 'odd');
    mkdirSync(join(data, 'console.sqlite'), { recursive: true });
    chmodSync(data, 0o777);
    const { code, stderr } = await start({ ...env, DATA_DIR: data });
    assert.equal(code, 1);
    assert.equal(
      stderr,
      `Cannot open the database ${join(data, 'console.sqlite')}: unable to open database file\n`,
    );
  });
});
