import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Db, sql } from '../src/db/database.ts';
import { startServer, type TestServer } from './helpers.ts';

/**
 * Issue 30 item 4: the disk fills up under a running server. A write is answered with a clear 507
 * envelope ("storage full", zh and en), nothing of it is kept, the server stays up and writes again once
 * there is room, and the database is intact. SQLite really runs out of pages (`PRAGMA max_page_count`,
 * SQLITE_FULL); PostgreSQL's disk_full (53100) is raised by a trigger, as the server would receive it.
 */

/** Fills the disk as the database sees it; answers the undo. */
async function fillDisk(db: Db): Promise<() => Promise<void>> {
  if (db.engine === 'postgres') {
    await db.script(`
      CREATE FUNCTION disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$;
      CREATE TRIGGER disk_full BEFORE INSERT ON messages FOR EACH ROW EXECUTE FUNCTION disk_full();`);
    return () => db.script('DROP TRIGGER disk_full ON messages; DROP FUNCTION disk_full();');
  }
  const pages = (await db.get<{ page_count: number }>(sql`PRAGMA page_count`))!.page_count;
  await db.script(`PRAGMA max_page_count = ${pages}`);
  return () => db.script('PRAGMA max_page_count = 1073741823');
}

describe('faults: a full disk under a running server', () => {
  let s: TestServer;
  let admin: string;
  before(async () => {
    s = await startServer();
    admin = (await s.login('100001', 'admin', 'Hydro@2026')).access_token;
  });
  after(() => s?.close());

  // To every account of the tenant, long: a write that needs new pages.
  const publish = (subject: string, lang?: string) =>
    s.call('POST', '/api/blade-system/message/record/publish', {
      token: admin,
      headers: lang ? { 'Hz-Language': lang } : {},
      body: { businessClassify: 'alarm', subject, content: 'x'.repeat(2000), link: '' },
    });
  const stored = async (subject: string) =>
    (await s.app.opsDb.get<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM messages WHERE subject = ${subject}`,
    ))!.n;

  it('answers 507 "storage full", keeps nothing of the write, stays up, writes again once there is room', async () => {
    const undo = await fillDisk(s.app.opsDb);
    let refused = null;
    for (let n = 0; n < 50 && !refused; n++) {
      const res = await publish(`full ${n}`, 'en_US');
      if (res.status !== 200) refused = { res, subject: `full ${n}` };
    }
    assert.ok(refused, 'the disk filled up');
    assert.equal(refused.res.status, 507, refused.res.text);
    assert.deepEqual(refused.res.json, {
      code: 507,
      success: false,
      msg: 'the server’s storage is full; nothing was saved, try again later',
      data: null,
    });
    assert.equal(await stored(refused.subject), 0, 'no recipient got part of the refused publish');
    const zh = await publish('full zh');
    assert.equal(zh.status, 507);
    assert.equal(zh.json.msg, '服务器存储空间已满，本次操作未保存，请稍后重试');
    const info = await s.call('GET', '/api/blade-system/oauth/user-info', { token: admin });
    assert.equal(info.status, 200, 'the server stays up and reads');

    await undo();
    const again = await publish('room again');
    assert.equal(again.status, 200, again.text);
    assert.equal(await stored('room again'), again.json.data.recipients);
    if (s.app.opsDb.engine === 'sqlite') {
      const check = await s.app.opsDb.all<{ integrity_check: string }>(sql`PRAGMA integrity_check`);
      assert.deepEqual(check, [{ integrity_check: 'ok' }]);
    }
  });
});
