// scripts/local-postgres.mjs on this machine's PostgreSQL: a throwaway cluster in a temporary folder
// answers as role `ops`, is reused when started again on its port, refuses another port, and stops.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import { startLocalPostgres, stopLocalPostgres } from '../../scripts/local-postgres.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'local-pg-'));
const dir = path.join(root, 'pg');
// As root the cluster runs as the postgres user, which must be able to reach the folder.
chmodSync(root, 0o755);

after(async () => {
  await stopLocalPostgres(dir);
  rmSync(root, { recursive: true, force: true });
});

/** A port nobody listens on now. */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function query(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

test('a throwaway cluster answers as ops, is reused on its port, refused on another, and stops', async () => {
  const port = await freePort();
  const first = await startLocalPostgres({ dir, port, throwaway: true });
  assert.equal(first.url, `postgres://ops@127.0.0.1:${port}/ops`);
  assert.deepEqual(await query(first.url, 'SELECT current_user AS who, current_database() AS db'), [
    { who: 'ops', db: 'ops' },
  ]);
  await query(first.url, 'CREATE TABLE kept (x int); INSERT INTO kept VALUES (7)');

  const again = await startLocalPostgres({ dir, port, throwaway: true });
  assert.equal(again.url, first.url);
  assert.deepEqual(await query(again.url, 'SELECT x FROM kept'), [{ x: 7 }]);

  const other = await freePort();
  await assert.rejects(startLocalPostgres({ dir, port: other }), new RegExp(`already runs .* port ${port}`));

  await first.stop();
  await assert.rejects(query(first.url, 'SELECT 1'), /ECONNREFUSED/);

  // Started again, the same folder keeps its data.
  const restarted = await startLocalPostgres({ dir, port, throwaway: true });
  assert.deepEqual(await query(restarted.url, 'SELECT x FROM kept'), [{ x: 7 }]);
  await restarted.stop();
});
