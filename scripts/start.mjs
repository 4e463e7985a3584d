// `npm start`: builds the console when dist/ is missing or older than its sources, then starts the
// reference server (API, embedded database, static host) on http://127.0.0.1:8080 by default.
import { spawnSync } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

const built = buildIfStale();
if (built !== 0) process.exit(built);

// Arguments pass through: `npm start -- --simulate` pushes a demo mix of notifications.
const server = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'packages/server/src/main.ts', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(server.status ?? 0);
