// `npm start`: builds the console when dist/ is missing or older than its sources, then starts the
// reference server (API, embedded database, static host) on http://127.0.0.1:8080 by default.
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

const index = 'dist/index.html';
const stale = !existsSync(index) || Math.max(...SOURCES.map(newestChange)) > statSync(index).mtimeMs;
if (stale) {
  console.log('Building the console (dist/ is missing or older than its sources)…');
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Arguments pass through: `npm start -- --simulate` pushes a demo mix of notifications.
const server = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'packages/server/src/main.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(server.status ?? 0);
