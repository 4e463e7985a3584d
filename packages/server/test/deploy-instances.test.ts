import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from '../src/db/database.ts';
import { createApp } from '../src/index.ts';
import {
  BUILD_MAP,
  BUNDLES,
  DEPLOY_KEY,
  entryUrl,
  KEY,
  multipartBody,
  NOTICES_JS,
  type Part,
} from './deploy-fixture.ts';
import { freshDatabase, type TestDatabase, testEngine } from './engine.ts';
import { AES_KEY, clientOf, writeFiles } from './helpers.ts';
import { BLADE, signedIn } from './socket-client.ts';

/**
 * Two instances of the server in one process on one PostgreSQL database, each with its own connections
 * and its own listener of the bus: a pointer moved on one is heard by the sockets of the other, and one
 * upload sent to both at once is stored once. Runs in the PostgreSQL pass of the suite (`npm run
 * test:server:pg`); SQLite has one instance by nature.
 */

interface Instance {
  app: FastifyInstance;
  url: string;
}

const NOTICES = encodeURIComponent('@ops/notices');

describe('deploy across instances on one PostgreSQL database', { skip: testEngine() !== 'postgres' }, () => {
  let database: TestDatabase;
  let root: string;
  let a: Instance;
  let b: Instance;

  const start = async (): Promise<Instance> => {
    const app = await createApp({
      dbPath: database.url,
      distDir: join(root, 'dist'),
      importMapDir: join(root, 'tenants'),
      siteConfigPath: join(root, 'site-config.json'),
      deployKey: DEPLOY_KEY,
      aesKey: AES_KEY,
      passwordCost: 1024,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return { app, url: typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '' };
  };
  const on = (instance: Instance) => clientOf(instance.url, (token) => instance.app.opsDataAuthKey(token));
  const etagOf = async (instance: Instance, tenant: string) =>
    (await on(instance).call('GET', `/importmap.json?tenantId=${tenant}`)).headers.get('etag');

  before(async () => {
    database = await freshDatabase();
    root = mkdtempSync(join(tmpdir(), 'ops-deploy-instances-'));
    writeFiles(join(root, 'dist'), {
      'index.html': '<!doctype html><html><head><script type="systemjs-importmap">{}</script></head></html>',
      'importmap.json': JSON.stringify(BUILD_MAP),
      'bundles.json': JSON.stringify(BUNDLES),
      'notices/notices.Nt12Ab34.js': NOTICES_JS,
      'notices/notices.Nt99Zz00.js': 'console.log("notices 2")',
    });
    writeFiles(join(root, 'tenants'), {});
    writeFileSync(join(root, 'site-config.json'), JSON.stringify({ aesKey: AES_KEY }));
    a = await start();
    b = await start();
  });

  after(async () => {
    await a?.app.close();
    await b?.app.close();
    await database?.drop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('a pin made on A reaches the open pages on B with the version B serves', async () => {
    const storage = await on(b).login('100002', 'admin', 'Storage@2026');
    const { client } = await signedIn(b, BLADE(storage.user_id!), storage);
    const current = (await on(a).call('GET', '/api/deploy/importmap?scope=100002', { headers: KEY })).json
      .data.version;
    const res = await on(a).call('PUT', entryUrl('100002', NOTICES), {
      headers: { ...KEY, 'If-Match': `"${current}"` },
      body: { url: '/notices/notices.Nt99Zz00.js', reason: 'moved on A' },
    });
    assert.equal(res.status, 200, res.text);
    const [frame] = await client.until((f) => f.type === 'importmap');
    assert.ok(frame, 'the socket on B heard the move made on A');
    assert.equal(`"${frame.version}"`, await etagOf(b, '100002'), 'the version B now serves');
    assert.equal(await etagOf(a, '100002'), await etagOf(b, '100002'));
    await client.close();
  });

  it('one upload sent to A and B at once: both answer it, its files are stored once', async () => {
    const parts: Part[] = [
      { name: 'bundle', value: '@ops/notices' },
      { name: 'files', filename: 'notices.js', bytes: 'console.log("twice at once")' },
      { name: 'files', filename: 'notices.css', bytes: '.n{margin:0}' },
    ];
    const send = async (instance: Instance) => {
      const { body, contentType } = multipartBody(parts);
      const res = await fetch(`${instance.url}/api/deploy/assets`, {
        method: 'POST',
        headers: { ...KEY, 'content-type': contentType },
        body,
      });
      return { status: res.status, json: (await res.json()) as { data: { uploadId: string } } };
    };
    const [fromA, fromB] = await Promise.all([send(a), send(b)]);
    assert.equal(fromA.status, 200, JSON.stringify(fromA.json));
    assert.equal(fromB.status, 200, JSON.stringify(fromB.json));
    assert.deepEqual(fromB.json.data, fromA.json.data, 'one upload, one answer');
    const stored = await a.app.opsDb.get<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM deploy_assets WHERE upload_id = ${fromA.json.data.uploadId}`,
    );
    assert.equal(stored?.n, 2);
  });
});
