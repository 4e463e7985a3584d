// `npm run build` (production) and `npm run build:dev` (OPS_DEV=1: unminified, source maps): a clean
// dist/, every rollup build, then the import map and index.html (postbuild.mjs).
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
const rollup = spawnSync(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--silent'], {
  stdio: 'inherit',
});
if (rollup.status !== 0) process.exit(rollup.status ?? 1);
await import('./postbuild.mjs');
