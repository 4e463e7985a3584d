import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Bus, openBus } from '../src/db/bus.ts';
import { type Db, openDatabase, sql } from '../src/db/database.ts';
import { migrate } from '../src/db/migrations.ts';
import { notificationsRepo } from '../src/db/repos/notifications.ts';
import { type Connection, SocketHub } from '../src/routes/notifications.ts';
import { freshDatabase, type TestDatabase, testEngine } from './engine.ts';

interface Instance {
  db: Db;
  bus: Bus;
  hub: SocketHub;
  push: (userId: number, n: number) => Promise<number>;
}

/** One server's notification parts on the database: its repository, bus and socket registry. */
async function instance(url: string): Promise<Instance> {
  const db = openDatabase({ url });
  await migrate(db);
  const bus = await openBus(db);
  const repo = notificationsRepo(db);
  const errors: unknown[] = [];
  const hub = new SocketHub(
    (...args) => repo.after(...args),
    500,
    (err) => errors.push(err),
  );
  bus.subscribe('ops_notify', (event) => hub.deliver((event as { userIds: number[] }).userIds));
  const push = (userId: number, n: number) =>
    db.transaction(async () => {
      const seq = await repo.append('100001', userId, 2, JSON.stringify({ n }), 0);
      await bus.publish('ops_notify', { userIds: [userId] });
      return seq;
    });
  return { db, bus, hub, push };
}

/** A socket that keeps the frames it is sent; `reached(n)` resolves once it holds n. */
function socketOf(userId: number) {
  const frames: { id: number; n: number }[] = [];
  let wake: (() => void) | null = null;
  let wanted = Number.POSITIVE_INFINITY;
  const socket = {
    OPEN: 1,
    readyState: 1,
    send(text: string) {
      frames.push(JSON.parse(text) as { id: number; n: number });
      if (frames.length >= wanted) wake?.();
    },
    close() {},
  };
  const conn = { socket, userId, tenantId: '100001', sessionIds: new Set<string>(), kinds: [1, 2] };
  const reached = (n: number) =>
    new Promise<void>((resolve, reject) => {
      if (frames.length >= n) return resolve();
      wanted = n;
      wake = resolve;
      // A guard against a hang only: the assertion is on the frames, never on the time they took.
      setTimeout(() => reject(new Error(`${frames.length} of ${n} frames`)), 15_000).unref();
    });
  return { conn: conn as unknown as Connection, frames, reached };
}

/**
 * Several instances storing notifications for one user at once (spec: issue 29 item 2): every one gets
 * its own seq, and a socket held by any instance is sent each exactly once, in seq order. On PostgreSQL
 * the two instances are two pools on one database; SQLite has one instance by nature.
 */
describe(`notification seqs and delivery across instances (${testEngine()})`, () => {
  let database: TestDatabase;
  let one: Instance;
  let two: Instance;
  before(async () => {
    database = await freshDatabase();
    one = await instance(database.url);
    two = testEngine() === 'postgres' ? await instance(database.url) : one;
  });
  after(async () => {
    for (const i of new Set([one, two])) {
      await i.bus.close();
      await i.db.close();
    }
    await database.drop();
  });

  it('gives concurrent pushes from two instances distinct seqs and delivers each once, in order', async () => {
    const userId = 7;
    const watcher = socketOf(userId);
    two.hub.add(watcher.conn);
    await two.hub.start(watcher.conn, 0);
    const count = 40;
    const seqs = await Promise.all(
      Array.from({ length: count }, (_, i) => (i % 2 ? one : two).push(userId, i + 1)),
    );
    const all = Array.from({ length: count }, (_, i) => i + 1);
    assert.deepEqual(
      [...seqs].sort((a, b) => a - b),
      all,
      'every push has its own seq, none skipped',
    );
    await watcher.reached(count);
    assert.deepEqual(
      watcher.frames.map((f) => f.id),
      all,
      'each once, in seq order',
    );
    const stored = await one.db.get<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM notifications WHERE user_id = ${userId}`,
    );
    assert.equal(stored?.n, count);
  });

  it('replays to a socket that starts on the other instance from the last id it saw', async () => {
    const userId = 8;
    for (let n = 1; n <= 3; n++) await one.push(userId, n);
    const late = socketOf(userId);
    two.hub.add(late.conn);
    await two.hub.start(late.conn, 1);
    await one.push(userId, 4);
    await one.push(userId, 5);
    await late.reached(4);
    assert.deepEqual(
      late.frames.map((f) => [f.id, f.n]),
      [
        [2, 2],
        [3, 3],
        [4, 4],
        [5, 5],
      ],
    );
  });
});
