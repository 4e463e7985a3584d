import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import { sharedCopies } from '../../scripts/build-config.mjs';
import { noSharedCopies } from '../../scripts/no-shared-copies.mjs';

async function build(source) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-build-'));
  const input = path.join(dir, 'entry.js');
  writeFileSync(input, source);
  try {
    const bundle = await rollup({
      input,
      external: (id) => id === 'react' || id.startsWith('@ops/'),
      plugins: [
        nodeResolve({ browser: true, rootDir: process.cwd() }),
        commonjs(),
        noSharedCopies('@ops/fixture'),
      ],
      onwarn: () => undefined,
    });
    await bundle.generate({ format: 'system' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('one copy of each shared package', () => {
  it('builds a bundle that imports React by name (external)', async () => {
    await build("import { useState } from 'react';\nexport const hook = useState;\n");
  });

  it('fails the build when a bundle carries its own copy of React', async () => {
    const reactFile = path.resolve('node_modules/react/cjs/react.production.js');
    await assert.rejects(
      build(`import React from ${JSON.stringify(reactFile)};\nexport default React;\n`),
      /@ops\/fixture bundles its own copy of a shared dependency/,
    );
  });

  it('names only modules of shared packages', () => {
    assert.deepEqual(
      sharedCopies([
        '/repo/node_modules/react/index.js',
        '/repo/node_modules/react-dom/cjs/x.js',
        '/repo/node_modules/js-md5/src/md5.js',
        '/repo/packages/shell/src/shell.tsx',
      ]),
      ['/repo/node_modules/react/index.js', '/repo/node_modules/react-dom/cjs/x.js'],
    );
  });
});
