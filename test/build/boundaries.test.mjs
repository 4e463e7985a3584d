import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkBoundaries, FEATURES } from '../../scripts/boundaries.mjs';

/**
 * The import rules (scripts/boundaries.mjs, run by `npm run lint`): packages apart, test support out of
 * production, shell feature folders apart, no cycles. Each case writes probe files where a package would
 * have them, checks the repository, and removes them; it answers the breaches the probes caused.
 */
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function probe(files, features) {
  const options = { features, within: Object.keys(files) };
  const key = (breach) => `${breach.file}:${breach.message}`;
  const before = new Set(checkBoundaries(repo, options).map(key));
  const written = Object.entries(files).map(([file, source]) => {
    const full = path.join(repo, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, source);
    return file;
  });
  try {
    return checkBoundaries(repo, options).filter((breach) => !before.has(key(breach)));
  } finally {
    for (const file of written) rmSync(path.join(repo, file), { force: true });
  }
}

const messages = (breaches) => breaches.map((breach) => breach.message).join('\n');

describe('package boundaries', () => {
  it('refuses a parcel importing another parcel', () => {
    const breaches = probe({
      'packages/notices/src/boundary-probe.ts': "export { mount } from '@ops/assistant';\n",
    });
    assert.match(messages(breaches), /never import each other/);
  });

  it('refuses a sub-app importing the shell', () => {
    const breaches = probe({
      'packages/apps/station-monitor/src/boundary-probe.ts': "export * from '@ops/shell';\n",
    });
    assert.match(messages(breaches), /never import each other/);
  });

  it("refuses an import into another package's src/", () => {
    const breaches = probe({
      'packages/shell/src/boundary-probe.ts': "export { createBus } from '../../shared/src/bus/bus';\n",
    });
    assert.match(messages(breaches), /never import another package's files/);
  });

  it('refuses a package reaching the root config or a sub-app by name', () => {
    const breaches = probe({
      'packages/notices/src/boundary-probe.ts':
        "export * from '@ops/root-config';\nexport * from '@ops/app-versions';\nexport * from '@ops/shared/src/bus/bus';\n",
    });
    assert.equal(breaches.length, 3, messages(breaches));
  });

  it('lets a package use @ops/shared and @ops/ui by name, and their entries', () => {
    const breaches = probe({
      'packages/notices/src/boundary-probe.ts':
        "export { createBus } from '@ops/shared';\nexport { Dialog } from '@ops/ui';\nexport { useLoad } from '@ops/ui/load';\n",
    });
    assert.deepEqual(breaches, []);
  });

  it('refuses production code importing test support', () => {
    const breaches = probe({
      'packages/shell/src/auth/boundary-probe.ts':
        "export { shellTestServices } from '../../test-support/services';\n",
    });
    assert.match(messages(breaches), /never imports test support/);
  });

  it("refuses production code importing @ops/shared's test doubles, and lets a test", () => {
    const doubles = "export { manualClock, MemoryStorage } from '@ops/shared/test-support';\n";
    assert.match(
      messages(probe({ 'packages/notices/src/boundary-probe.ts': doubles })),
      /never imports test support/,
    );
    assert.deepEqual(probe({ 'packages/notices/src/boundary-probe.test.ts': doubles }), []);
  });

  it('lets a test import test support', () => {
    const breaches = probe({
      'packages/shell/src/auth/boundary-probe.test.ts':
        "export { shellTestServices } from '../../test-support/services';\n",
    });
    assert.deepEqual(breaches, []);
  });
});

describe('shell feature folders', () => {
  it("refuses a shell feature folder importing another feature's files", () => {
    const breaches = probe({
      'packages/shell/src/lock/boundary-probe.ts': "export { LoginPage } from '../auth/login-page';\n",
    });
    assert.match(messages(breaches), /feature folder imports only .*lock may not import auth/s);
  });

  it("lets a shell feature folder use the package's shared folder", () => {
    const breaches = probe({
      'packages/shell/src/lock/boundary-probe.ts': "export { useShellText } from '../shared/i18n';\n",
    });
    assert.deepEqual(breaches, []);
  });

  it('lets a feature use a feature its entry allows (the sidebar shows the menus)', () => {
    const breaches = probe({
      'packages/shell/src/sidebar/boundary-probe.ts': "export type { MenuItem } from '../menus/model';\n",
    });
    assert.deepEqual(breaches, []);
  });

  it('refuses the shared folder depending on a feature', () => {
    const breaches = probe({
      'packages/shell/src/shared/boundary-probe.ts': "export type { MenuItem } from '../menus/model';\n",
    });
    assert.match(messages(breaches), /shared may not import menus/);
  });

  it('refuses a feature importing the files that compose the features', () => {
    const breaches = probe({
      'packages/shell/src/tags/boundary-probe.ts': "export { default } from '../signed-in';\n",
    });
    assert.match(messages(breaches), /never imports the files that compose the features/);
  });

  it('lets the composing files at the root of src/ import any feature', () => {
    const breaches = probe({
      'packages/shell/src/boundary-probe.ts': "export { LoginPage } from './auth/login-page';\n",
    });
    assert.deepEqual(breaches, []);
  });
});

describe('import cycles', () => {
  it('refuses two files importing each other, type-only imports included', () => {
    const breaches = probe({
      'packages/notices/src/boundary-probe-a.ts':
        "import type { B } from './boundary-probe-b';\nexport type A = B;\n",
      'packages/notices/src/boundary-probe-b.ts':
        "import { a } from './boundary-probe-a';\nexport type B = typeof a;\n",
    });
    assert.match(messages(breaches), /import cycle between boundary-probe-a\.ts, boundary-probe-b\.ts/);
  });

  it('refuses a cycle between features, even when each step is allowed', () => {
    const shell = FEATURES['packages/shell/src'];
    const loose = { 'packages/shell/src': { ...shell, allow: { ...shell.allow, menus: ['sidebar'] } } };
    const breaches = probe(
      { 'packages/shell/src/menus/boundary-probe.ts': "export { Sidebar } from '../sidebar/sidebar';\n" },
      loose,
    );
    assert.match(messages(breaches), /A cycle between the features menus, sidebar/);
  });

  it('refuses a loop closed by a lazy import (the two modules still need each other)', () => {
    const breaches = probe({
      'packages/notices/src/boundary-probe-a.ts': "export const load = () => import('./boundary-probe-b');\n",
      'packages/notices/src/boundary-probe-b.ts': "export { load } from './boundary-probe-a';\n",
    });
    assert.match(messages(breaches), /import cycle between boundary-probe-a\.ts, boundary-probe-b\.ts/);
  });
});

describe('the console as it is', () => {
  it('keeps every rule: no crossing, no cycle', () => {
    assert.deepEqual(checkBoundaries(repo), []);
  });
});
