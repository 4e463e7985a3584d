import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'better-sqlite3';
import {
  Kysely,
  type Transaction as KyselyTransaction,
  PostgresDialect,
  type RawBuilder,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';

export type { RawBuilder };
export { sql };

export type Engine = 'sqlite' | 'postgres';

/** The repositories write SQL with the `sql` tag, so kysely is given no table types. */
type Tables = Record<string, Record<string, unknown>>;

/**
 * The server's one handle on its database, SQLite (embedded, the default) or PostgreSQL (`DATABASE_URL`).
 * Repositories write SQL with kysely's `sql` tag, which binds every `${value}` as a parameter in the
 * engine's own placeholder style; the few places where the engines differ ask `engine` or use the helpers
 * here. A call made inside `transaction` runs on that transaction wherever it is made (AsyncLocalStorage),
 * so repositories need no transaction argument.
 */
export interface Db {
  readonly engine: Engine;
  /** Every row of a query. */
  all<T>(query: RawBuilder<T>): Promise<T[]>;
  /** The first row of a query, if any. */
  get<T>(query: RawBuilder<T>): Promise<T | undefined>;
  /** Runs a statement; answers how many rows it changed. */
  run(query: RawBuilder<unknown>): Promise<number>;
  /** Runs an `INSERT … RETURNING id`; answers the id. */
  insert(query: RawBuilder<unknown>): Promise<number>;
  /** Runs `fn` in one transaction (nested calls join the outer one); rolls back when it throws. */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Serialises writers of one thing across every instance until the transaction ends (a PostgreSQL
   * advisory lock; SQLite has one writer already). Call inside `transaction`.
   */
  lock(name: string): Promise<void>;
  /** Runs `fn` once the current transaction commits (never if it rolls back); soon, outside one. */
  afterCommit(fn: () => void): void;
  /** The case-insensitive LIKE of the engine (SQLite's LIKE already ignores ASCII case). */
  readonly like: RawBuilder<unknown>;
  /** Several SQL statements separated by semicolons, without parameters (migrations). */
  script(text: string): Promise<void>;
  /** The PostgreSQL pool (null on SQLite): the instances' notifications use a connection of their own. */
  readonly pool: pg.Pool | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** `postgres://…` for PostgreSQL; otherwise a SQLite file, or ':memory:' for tests. */
  url: string;
  /** PostgreSQL connections per instance (default 10). */
  poolSize?: number;
}

// PostgreSQL answers COUNT(*) and BIGINT columns as int8, which node-postgres gives as text by default;
// every such value here (ids, counts, millisecond times) is well inside a double's exact range.
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

/** Opens the database (SQLite or PostgreSQL by the URL); migrations are applied by `migrate`. */
export function openDatabase({ url, poolSize }: OpenOptions): Db {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: poolSize ?? 10 });
    // An idle client's error (the server restarted) must not crash the instance; the pool reconnects.
    pool.on('error', () => undefined);
    return wrap('postgres', new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) }), pool);
  }
  const file = new Database(url);
  if (url !== ':memory:') file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const database = cached(file);
  return wrap('sqlite', new Kysely<Tables>({ dialect: new SqliteDialect({ database }) }), null, (text) =>
    file.exec(text),
  );
}

/** better-sqlite3 with its prepared statements kept (kysely prepares each query it runs). */
function cached(file: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = file.prepare(text);
        if (statements.size > 2000) statements.clear();
        statements.set(text, statement);
      }
      return statement;
    },
    close() {
      file.close();
    },
  };
}

function wrap(
  engine: Engine,
  kysely: Kysely<Tables>,
  pool: pg.Pool | null,
  // SQLite runs a multi-statement script on its one connection (inside a transaction when one is open).
  execScript?: (text: string) => void,
): Db {
  const current = new AsyncLocalStorage<{ trx: KyselyTransaction<Tables>; after: (() => void)[] }>();
  const executor = () => current.getStore()?.trx ?? kysely;
  const rowsOf = async <T>(query: RawBuilder<T>) => (await query.execute(executor())).rows;
  return {
    engine,
    pool,
    like: sql.raw(engine === 'postgres' ? 'ILIKE' : 'LIKE'),
    all: rowsOf,
    async get<T>(query: RawBuilder<T>) {
      return (await rowsOf(query))[0];
    },
    async run(query) {
      const result = await query.execute(executor());
      return Number(result.numAffectedRows ?? 0n);
    },
    async insert(query) {
      const row = (await rowsOf(query as RawBuilder<{ id: number }>))[0];
      if (!row) throw new Error('INSERT … RETURNING id answered no row');
      return Number(row.id);
    },
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (current.getStore()) return fn();
      const after: (() => void)[] = [];
      const result = await kysely.transaction().execute((trx) => current.run({ trx, after }, fn));
      for (const hook of after) hook();
      return result;
    },
    afterCommit(fn) {
      const open = current.getStore();
      if (open) open.after.push(fn);
      else queueMicrotask(fn);
    },
    async lock(name) {
      if (engine !== 'postgres') return;
      await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(executor());
    },
    async script(text) {
      if (execScript) execScript(text);
      else await sql.raw(text).execute(executor());
    },
    close: () => kysely.destroy(),
  };
}
