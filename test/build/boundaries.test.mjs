import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';

/**
 * The lint rule that keeps packages apart (biome.json, noRestrictedImports): parcels and sub-apps never
 * import each other or another package's src/. Each case writes a probe file where a package would have
 * it, lints it with the project's configuration, and removes it.
 */
function lint(file, source) {
  writeFileSync(file, source);
  try {
    const run = spawnSync(process.execPath, ['node_modules/@biomejs/biome/bin/biome', 'lint', file], {
      encoding: 'utf8',
    });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(file, { force: true });
  }
}

describe('package boundaries', () => {
  it('refuses a parcel importing another parcel', () => {
    const result = lint(
      'packages/notices/src/boundary-probe.ts',
      "export { mount } from '@ops/assistant';\n",
    );
    assert.equal(result.ok, false);
    assert.match(result.output, /never import each other/);
  });

  it('refuses a sub-app importing the shell', () => {
    const result = lint(
      'packages/apps/station-monitor/src/boundary-probe.ts',
      "export * from '@ops/shell';\n",
    );
    assert.equal(result.ok, false);
    assert.match(result.output, /noRestrictedImports/);
  });

  it("refuses an import into another package's src/", () => {
    const result = lint(
      'packages/shell/src/boundary-probe.ts',
      "export { createBus } from '../../shared/src/bus/bus';\n",
    );
    assert.equal(result.ok, false);
    assert.match(result.output, /noRestrictedImports/);
  });

  it('lets a package use @ops/shared and @ops/ui by name', () => {
    const result = lint(
      'packages/notices/src/boundary-probe.ts',
      "export { createBus } from '@ops/shared';\nexport { Dialog } from '@ops/ui';\n",
    );
    assert.equal(result.ok, true, result.output);
  });

  it('refuses production code importing test support', () => {
    const result = lint(
      'packages/shell/src/auth/boundary-probe.ts',
      "export { shellTestServices } from '../../test-support/services';\n",
    );
    assert.equal(result.ok, false);
    assert.match(result.output, /never imports test support/);
  });

  it('lets a test import test support', () => {
    const result = lint(
      'packages/shell/src/auth/boundary-probe.test.ts',
      "export { shellTestServices } from '../../test-support/services';\n",
    );
    assert.equal(result.ok, true, result.output);
  });

  it("refuses a shell feature folder importing another feature's files", () => {
    const result = lint(
      'packages/shell/src/lock/boundary-probe.ts',
      "export { LoginPage } from '../auth/login-page';\n",
    );
    assert.equal(result.ok, false);
    assert.match(result.output, /feature folder imports only/);
  });

  it("lets a shell feature folder use the package's shared folder", () => {
    const result = lint(
      'packages/shell/src/lock/boundary-probe.ts',
      "export { useShellText } from '../shared/i18n';\n",
    );
    assert.equal(result.ok, true, result.output);
  });
});
