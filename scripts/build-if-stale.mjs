// Builds the console when dist/ is missing or older than its sources, before `npm start` and
// `npm run start:cluster` start servers on it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'root-config',
  'packages',
  'public',
  'importmap',
  'rollup.config.mjs',
  'scripts',
  'package-lock.json',
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  const name = path.basename(entry);
  if (name === 'node_modules' || name === 'server' || name === 'test') return 0;
  return Math.max(0, ...readdirSync(entry).map((child) => newestChange(path.join(entry, child))));
}

/**
 * Runs `npm run build`'s script when dist/index.html is missing or older than a source file (paths are
 * relative to the current folder, the repository root under npm). Returns the build's exit code, 0 when
 * nothing had to be built.
 * @returns {number}
 */
export function buildIfStale() {
  const index = 'dist/index.html';
  const stale = !existsSync(index) || Math.max(...SOURCES.map(newestChange)) > statSync(index).mtimeMs;
  if (!stale) return 0;
  console.log('Building the console (dist/ is missing or older than its sources)…');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  return build.status ?? 1;
}
