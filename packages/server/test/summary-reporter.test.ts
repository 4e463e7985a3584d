import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const REPORTER = here('./summary-reporter.mjs');

function run(...fixtures: string[]) {
  const result = spawnSync(
    process.execPath,
    [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${REPORTER}`,
      '--test-reporter-destination=stdout',
      ...fixtures.map((f) => here(`./fixtures/reporter/${f}`)),
    ],
    // Without this variable the nested runner would report to this one instead of to its stdout.
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_TEST_CONTEXT: undefined, OPS_TEST_DATABASE_URL: undefined },
    },
  );
  const lines = result.stdout.trimEnd().split('\n');
  return { status: result.status, last: lines.at(-1) };
}

describe('server test summary line', () => {
  it('closes a passing run with the counts alone on a line, exit code 0', () => {
    const { status, last } = run('passing.fixture.mjs');
    assert.equal(last, 'server: 2 passed, 0 failed, 2 skipped');
    assert.equal(status, 0);
  });

  it('counts failing tests and a failing hook, and keeps the exit code non-zero', () => {
    const { status, last } = run('passing.fixture.mjs', 'failing.fixture.mjs');
    assert.equal(last, 'server: 4 passed, 2 failed, 2 skipped');
    assert.notEqual(status, 0);
  });
});
