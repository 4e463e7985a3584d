import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APT_PACKAGES, DEFAULT_CHROMIUM_PATH, decideChromium } from '../support/chromium.mjs';

/**
 * `npm test` gets its browser from decideChromium: CHROMIUM_PATH when set (and then it must exist),
 * else Debian's Chromium at /usr/bin/chromium, installed with apt-get when missing if it runs as root,
 * else a message with the command to run.
 */
const only =
  (...present) =>
  (path) =>
    present.includes(path);

describe('decideChromium', () => {
  it('uses CHROMIUM_PATH when it is set and exists', () => {
    const decision = decideChromium({
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      isExecutable: only('/opt/chrome/chrome', DEFAULT_CHROMIUM_PATH),
      isRoot: true,
      hasAptGet: true,
    });
    assert.deepEqual(decision, { action: 'use', path: '/opt/chrome/chrome' });
  });

  it('refuses a CHROMIUM_PATH that does not exist, and installs nothing', () => {
    const decision = decideChromium({
      env: { CHROMIUM_PATH: '/nonexistent' },
      isExecutable: only(DEFAULT_CHROMIUM_PATH),
      isRoot: true,
      hasAptGet: true,
    });
    assert.equal(decision.action, 'explain');
    assert.match(decision.message, /CHROMIUM_PATH is set to \/nonexistent/);
  });

  it('uses the default path when CHROMIUM_PATH is unset or empty', () => {
    for (const env of [{}, { CHROMIUM_PATH: '' }]) {
      const decision = decideChromium({
        env,
        isExecutable: only(DEFAULT_CHROMIUM_PATH),
        isRoot: false,
        hasAptGet: false,
      });
      assert.deepEqual(decision, { action: 'use', path: DEFAULT_CHROMIUM_PATH });
    }
  });

  it("installs Debian's chromium and the CJK font when missing, as root with apt-get", () => {
    const decision = decideChromium({ env: {}, isExecutable: only(), isRoot: true, hasAptGet: true });
    assert.equal(decision.action, 'install');
    assert.equal(decision.path, DEFAULT_CHROMIUM_PATH);
    assert.deepEqual(decision.packages, ['chromium', 'fonts-wqy-zenhei']);
    assert.deepEqual(decision.packages, APT_PACKAGES);
    assert.doesNotMatch(decision.message, /\n/, 'one line saying what it installs and why');
    assert.match(decision.message, /chromium and fonts-wqy-zenhei/);
  });

  it('gives the exact sudo command when missing and not root', () => {
    const decision = decideChromium({ env: {}, isExecutable: only(), isRoot: false, hasAptGet: true });
    assert.equal(decision.action, 'explain');
    assert.match(
      decision.message,
      /sudo apt-get update && sudo apt-get install -y chromium fonts-wqy-zenhei/,
    );
  });

  it('tells how to point CHROMIUM_PATH at a browser when there is no apt-get', () => {
    for (const isRoot of [true, false]) {
      const decision = decideChromium({ env: {}, isExecutable: only(), isRoot, hasAptGet: false });
      assert.equal(decision.action, 'explain');
      assert.match(decision.message, /CHROMIUM_PATH=\/path\/to\/chromium npm test/);
    }
  });
});
