import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * QUALITY P1 as a build check: the JavaScript the login page loads before it runs (root config, shell and
 * everything they import statically, SystemJS included) stays within 150 KB gzip, and the lazy libraries
 * stay off it. A change that puts the chrome or a heavy library back on the login path fails here.
 */
describe('login path size (P1)', () => {
  it('stays within 150 KB gzip with no lazy library on it', (t) => {
    if (!existsSync('dist/importmap.json')) return t.skip('no build: run npm run build first');
    const run = spawnSync(process.execPath, ['scripts/size.mjs'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const { loginPage } = JSON.parse(run.stdout);
    assert.ok(
      loginPage.gzip <= loginPage.budgetGzip,
      `login path ${(loginPage.gzip / 1024).toFixed(1)} KB gzip > ${loginPage.budgetGzip / 1024} KB`,
    );
    assert.deepEqual(loginPage.mustBeLazyButLoaded, []);
  });
});
