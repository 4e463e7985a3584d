import pg from 'pg';
import { type Db, sql } from './database.ts';

/**
 * Events every instance of the server must hear (a notification stored, a session revoked, an import map
 * moved): on SQLite there is one instance and they stay in the process; on PostgreSQL they travel as
 * NOTIFY on the database the instances share, so a publish on one reaches the sockets on all. A publish
 * made inside a transaction is heard when it commits (PostgreSQL holds NOTIFY until then; the SQLite bus
 * waits for the transaction's end the same way), never for a write that was rolled back.
 */
export interface Bus {
  publish(channel: Channel, payload: unknown): Promise<void>;
  /** Hears the channel on this instance; returns the unfollow. */
  subscribe(channel: Channel, listener: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** The channels (PostgreSQL's LISTEN names). */
export type Channel = 'ops_revoke' | 'ops_notify' | 'ops_assistant' | 'ops_deploy' | 'ops_command';

const CHANNELS: readonly Channel[] = [
  'ops_revoke',
  'ops_notify',
  'ops_assistant',
  'ops_deploy',
  'ops_command',
];

/** NOTIFY carries at most 8000 bytes; a longer payload is kept in bus_spill and sent by its id. */
const INLINE_LIMIT = 7000;

type Listeners = Map<Channel, Set<(payload: unknown) => void>>;

function deliver(listeners: Listeners, channel: Channel, payload: unknown) {
  for (const listener of listeners.get(channel) ?? []) {
    try {
      listener(payload);
    } catch {
      // One listener's failure (a socket that just closed) must not keep the event from the others.
    }
  }
}

function follow(listeners: Listeners, channel: Channel, listener: (payload: unknown) => void) {
  const set = listeners.get(channel) ?? new Set();
  listeners.set(channel, set);
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

export async function openBus(db: Db): Promise<Bus> {
  return db.engine === 'postgres' ? postgresBus(db) : localBus(db);
}

/** One process: listeners are called after the publishing transaction (if any) has ended. */
function localBus(db: Db): Bus {
  const listeners: Listeners = new Map();
  return {
    async publish(channel, payload) {
      const copy = JSON.parse(JSON.stringify(payload)) as unknown;
      db.afterCommit(() => deliver(listeners, channel, copy));
    },
    subscribe: (channel, listener) => follow(listeners, channel, listener),
    async close() {
      listeners.clear();
    },
  };
}

/** LISTEN on a connection of its own (reconnected when it drops); NOTIFY through the pool. */
async function postgresBus(db: Db): Promise<Bus> {
  const listeners: Listeners = new Map();
  const pool = db.pool;
  if (!pool) throw new Error('the PostgreSQL bus needs the pool');
  let client: pg.Client | null = null;
  let closed = false;
  let delivering: Promise<void> = Promise.resolve();
  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      // In arrival order, one after another: a spilled payload is read from the table first, and must not
      // be overtaken by a later inline one.
      delivering = delivering
        .then(() => received(message.channel as Channel, message.payload ?? 'null'))
        .catch(() => undefined);
    });
    next.on('error', () => {
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch(() => undefined), 500).unref();
    });
    await next.connect();
    for (const channel of CHANNELS) await next.query(`LISTEN ${channel}`);
    client = next;
  };
  const received = async (channel: Channel, text: string) => {
    let payload = JSON.parse(text) as unknown;
    const spill = (payload as { spill?: number } | null)?.spill;
    if (typeof spill === 'number') {
      const row = await db.get<{ payload: string }>(sql`SELECT payload FROM bus_spill WHERE id = ${spill}`);
      if (!row) return;
      payload = JSON.parse(row.payload) as unknown;
    }
    deliver(listeners, channel, payload);
  };
  await connect();
  return {
    async publish(channel, payload) {
      let text = JSON.stringify(payload);
      if (Buffer.byteLength(text) > INLINE_LIMIT) {
        const id = await db.insert(
          sql`INSERT INTO bus_spill (payload, created_at) VALUES (${text}, ${Date.now()}) RETURNING id`,
        );
        await db.run(sql`DELETE FROM bus_spill WHERE created_at < ${Date.now() - 60_000}`);
        text = JSON.stringify({ spill: id });
      }
      await db.run(sql`SELECT pg_notify(${channel}, ${text})`);
    },
    subscribe: (channel, listener) => follow(listeners, channel, listener),
    async close() {
      closed = true;
      listeners.clear();
      await client?.end().catch(() => undefined);
    },
  };
}
