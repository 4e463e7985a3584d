import { type Db, sql } from '../db/database.ts';

/**
 * Fixed-window counters keyed by string (login failures per account and per address), kept in the
 * database so that every instance counts the same tries.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    /** Keeps one limiter's keys apart from another's in the shared table. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  async retryAfter(key: string): Promise<number> {
    const now = this.now();
    const entry = await this.db.get<{ count: number; reset_at: number }>(
      sql`SELECT count, reset_at FROM rate_hits WHERE key = ${this.keyOf(key)}`,
    );
    if (!entry || entry.reset_at <= now) return 0;
    return entry.count >= this.max ? Math.ceil((entry.reset_at - now) / 1000) : 0;
  }

  async hit(key: string): Promise<void> {
    const now = this.now();
    // One statement, so two instances counting the same key at once both count.
    await this.db.run(sql`
      INSERT INTO rate_hits (key, count, reset_at) VALUES (${this.keyOf(key)}, 1, ${now + this.windowMs})
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN rate_hits.reset_at <= ${now} THEN 1 ELSE rate_hits.count + 1 END,
        reset_at = CASE WHEN rate_hits.reset_at <= ${now} THEN ${now + this.windowMs} ELSE rate_hits.reset_at END`);
    if (Math.random() < 0.01) await this.db.run(sql`DELETE FROM rate_hits WHERE reset_at <= ${now}`);
  }

  async reset(key: string): Promise<void> {
    await this.db.run(sql`DELETE FROM rate_hits WHERE key = ${this.keyOf(key)}`);
  }

  private keyOf(key: string) {
    return `${this.name}:${key}`;
  }
}

/**
 * Short-lived one-time values (captchas, phone codes, conflict uuids, QR checks, tickets), kept in the
 * database as JSON so that a value issued by one instance is found by another. `take` reads and removes
 * in one statement: of two instances taking the same value at once, one gets it.
 */
export class TtlStore<T> {
  constructor(
    private readonly db: Db,
    private readonly store: string,
    private readonly now: () => number,
  ) {}

  async set(key: string, value: T, ttlMs: number): Promise<void> {
    const now = this.now();
    const text = JSON.stringify(value);
    await this.db.run(sql`
      INSERT INTO ttl_items (store, key, value, expires_at) VALUES (${this.store}, ${key}, ${text}, ${now + ttlMs})
      ON CONFLICT (store, key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`);
    if (Math.random() < 0.01) await this.db.run(sql`DELETE FROM ttl_items WHERE expires_at <= ${now}`);
  }

  async get(key: string): Promise<T | undefined> {
    const row = await this.db.get<{ value: string }>(
      sql`SELECT value FROM ttl_items WHERE store = ${this.store} AND key = ${key} AND expires_at > ${this.now()}`,
    );
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async take(key: string): Promise<T | undefined> {
    const row = await this.db.get<{ value: string; expires_at: number }>(
      sql`DELETE FROM ttl_items WHERE store = ${this.store} AND key = ${key} RETURNING value, expires_at`,
    );
    return row && row.expires_at > this.now() ? (JSON.parse(row.value) as T) : undefined;
  }

  async delete(key: string): Promise<void> {
    await this.db.run(sql`DELETE FROM ttl_items WHERE store = ${this.store} AND key = ${key}`);
  }
}
