import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import type { Db } from '../src/db/database.ts';
import { createApp } from '../src/index.ts';
import { DEPLOY_KEY, type DeployWorld, deployWorld, snapshot, upload, withKey } from './deploy-fixture.ts';
import { freshDatabase, testEngine } from './engine.ts';
import type { TestServer } from './helpers.ts';

const NOTICES = encodeURIComponent('@ops/notices');
const entry = (scope: string) => `/api/deploy/importmap/${scope}/imports/${NOTICES}`;

async function version(s: TestServer, scope: string): Promise<string> {
  return (await s.call('GET', `/api/deploy/importmap?scope=${scope}`, withKey())).json.data.version;
}

function pin(s: TestServer, scope: string, ifMatch: string, url: string, reason = 'publish') {
  return s.call(
    'PUT',
    entry(scope),
    withKey({ headers: { 'If-Match': `"${ifMatch}"` }, body: { url, reason } }),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: frames are read as plain JSON
type Frame = any;

/** A signed-in notification socket that keeps its frames. */
class Socket {
  readonly frames: Frame[] = [];
  private wake: (() => void)[] = [];
  readonly ws: WebSocket;
  constructor(base: string, path: string) {
    this.ws = new WebSocket(base.replace(/^http/, 'ws') + path);
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const w of this.wake.splice(0)) w();
    });
  }
  async until(match: (f: Frame) => boolean, count = 1): Promise<Frame[]> {
    while (this.frames.filter(match).length < count) await new Promise<void>((r) => this.wake.push(r));
    return this.frames.filter(match);
  }
  static async open(s: TestServer, path: string, token: { access_token: string }) {
    const socket = new Socket(s.url, path);
    await new Promise((resolve, reject) => socket.ws.once('open', resolve).once('error', reject));
    socket.ws.send(JSON.stringify({ 'Blade-Auth': `bearer ${token.access_token}` }));
    await socket.until((f) => f.type === 'ready');
    return socket;
  }
  /** A heartbeat round trip: every frame sent before it has arrived. */
  async flush() {
    const beats = this.frames.filter((f) => f.type === 'heartbeat').length;
    this.ws.send(JSON.stringify({ message: 'ping' }));
    await this.until((f) => f.type === 'heartbeat', beats + 1);
  }
  importmaps(): Frame[] {
    return this.frames.filter((f) => f.type === 'importmap');
  }
}

/** Makes the database fail every write of a pointer (as a full disk would); answers the undo. */
async function failPointerWrites(db: Db): Promise<() => Promise<void>> {
  if (db.engine === 'postgres') {
    await db.script(`
      CREATE FUNCTION fail_pointer() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'disk full'; END $$;
      CREATE TRIGGER fail_pointer BEFORE INSERT OR UPDATE ON deploy_pointers
        FOR EACH ROW EXECUTE FUNCTION fail_pointer();`);
    return () => db.script('DROP TRIGGER fail_pointer ON deploy_pointers; DROP FUNCTION fail_pointer();');
  }
  await db.script(`
    CREATE TEMP TRIGGER fail_pointer BEFORE INSERT ON main.deploy_pointers
      BEGIN SELECT RAISE(ABORT, 'disk full'); END;
    CREATE TEMP TRIGGER fail_pointer_move BEFORE UPDATE ON main.deploy_pointers
      BEGIN SELECT RAISE(ABORT, 'disk full'); END;`);
  return () => db.script('DROP TRIGGER temp.fail_pointer; DROP TRIGGER temp.fail_pointer_move;');
}

const etagOf = async (s: TestServer, tenant: string) =>
  (await s.call('GET', `/importmap.json?tenantId=${tenant}`)).headers.get('etag')!.replaceAll('"', '');

describe('deploy: open pages hear of a moved pointer', () => {
  let w: DeployWorld;
  before(async () => {
    w = await deployWorld();
  });
  after(() => w.dispose());

  it('pushes {type:"importmap", version} to the affected tenant’s main sockets only; base reaches every tenant', async () => {
    const { s } = w;
    const storage = await s.login('100002', 'admin', 'Storage@2026');
    const hydro = await s.login('100001', 'admin', 'Hydro@2026');
    const storageMain = await Socket.open(s, `/api/blade-system/websocket/${storage.user_id}`, storage);
    const storageAlarms = await Socket.open(s, `/api/hzims-message/ws/${storage.user_id}`, storage);
    const hydroMain = await Socket.open(s, `/api/blade-system/websocket/${hydro.user_id}`, hydro);

    const v = await version(s, '100002');
    const stale = await pin(s, '100002', '0123456789abcdef', '/notices/notices.Nt99Zz00.js');
    assert.equal(stale.status, 412);
    const res = await pin(s, '100002', v, '/notices/notices.Nt99Zz00.js');
    assert.equal(res.status, 200, res.text);
    const [frame] = await storageMain.until((f) => f.type === 'importmap');
    assert.deepEqual(frame, { type: 'importmap', version: await etagOf(s, '100002') });
    await hydroMain.flush();
    await storageAlarms.flush();
    assert.equal(storageMain.importmaps().length, 1, 'one frame for one move (none for the refused one)');
    assert.equal(hydroMain.importmaps().length, 0, 'another tenant hears nothing');
    assert.equal(storageAlarms.importmaps().length, 0, 'only the main socket carries it');

    const b = await version(s, 'base');
    assert.equal((await pin(s, 'base', b, '/notices/notices.Nt12Ab34.js', 'base moves')).status, 200);
    const [hydroFrame] = await hydroMain.until((f) => f.type === 'importmap');
    assert.equal(hydroFrame.version, await etagOf(s, '100001'));
    const storageFrames = await storageMain.until((f) => f.type === 'importmap', 2);
    assert.equal(storageFrames[1].version, await etagOf(s, '100002'));
    for (const socket of [storageMain, storageAlarms, hydroMain]) socket.ws.close();
  });
});

describe('deploy: a failure between storing and pointing leaves the old version served', () => {
  let w: DeployWorld;
  before(async () => {
    w = await deployWorld();
  });
  after(() => w.dispose());

  it('a write fault inside the pointer transaction: 500, no version, no history row, the old map served', async () => {
    const { s } = w;
    const up = await upload(s, [
      { name: 'bundle', value: '@ops/notices' },
      { name: 'files', filename: 'notices.js', bytes: 'console.log("new")' },
    ]);
    assert.equal(up.status, 200);
    const url = up.json.data.files[0].url;
    const served = await s.call('GET', '/importmap.json?tenantId=100002');
    const v = await version(s, '100002');
    // The database fails the pointer's write (as a full disk would), after the version and history rows.
    const undo = await failPointerWrites(s.app.opsDb);
    const before = await snapshot(s);
    const res = await pin(s, '100002', v, url);
    assert.equal(res.status, 500);
    assert.equal(res.json.success, false);
    assert.equal(await snapshot(s), before, 'the version and the history row were rolled back with it');
    const still = await s.call('GET', '/importmap.json?tenantId=100002');
    assert.deepEqual(still.json, served.json);
    assert.equal(still.headers.get('etag'), served.headers.get('etag'));
    assert.equal((await s.call('GET', url)).status, 200, 'the stored file stays');
    await undo();
    const retry = await pin(s, '100002', v, url);
    assert.equal(retry.status, 200, 'the same If-Match works once the fault is gone');
  });

  it('a process killed after storing an upload: on restart the old map is served and the file can be pinned', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-deploy-db-'));
    // A database both processes reach: a file, or on PostgreSQL a fresh database of its own.
    const database = testEngine() === 'postgres' ? await freshDatabase() : null;
    const db = database?.url ?? join(dir, 'console.sqlite');
    const options = {
      dbPath: db,
      distDir: w.dist,
      importMapDir: join(w.root, 'tenants'),
      siteConfigPath: join(w.root, 'site-config.json'),
      deployKey: DEPLOY_KEY,
      passwordCost: 1024,
    };
    try {
      const first = await createApp(options);
      const map = (await first.inject({ url: '/importmap.json?tenantId=100002' })).json();
      await first.close();
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'deploy-crash-child.ts')],
        {
          env: {
            ...process.env,
            DB: db,
            DIST: w.dist,
            MAPS: options.importMapDir,
            SITE: options.siteConfigPath,
          },
          encoding: 'utf8',
        },
      );
      assert.equal(child.signal, 'SIGKILL', child.stderr);
      const url = JSON.parse(child.stdout).data.files[0].url as string;

      const restarted = await createApp(options);
      try {
        const after = await restarted.inject({ url: '/importmap.json?tenantId=100002' });
        assert.deepEqual(after.json(), map, 'the old version is served');
        const asset = await restarted.inject({ url });
        assert.equal(asset.body, 'console.log("stored, never pointed")');
        const auth = { authorization: `Bearer ${DEPLOY_KEY}` };
        const current = (
          await restarted.inject({ url: '/api/deploy/importmap?scope=100002', headers: auth })
        ).json();
        const put = await restarted.inject({
          method: 'PUT',
          url: entry('100002'),
          headers: { ...auth, 'if-match': `"${current.data.version}"` },
          payload: { url, reason: 'after the crash' },
        });
        assert.equal(put.statusCode, 200, put.body);
        const pinned = await restarted.inject({ url: '/importmap.json?tenantId=100002' });
        assert.equal(pinned.json().imports['@ops/notices'], url);
      } finally {
        await restarted.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await database?.drop();
    }
  });
});
