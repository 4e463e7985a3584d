import pg from 'pg';
import { openDatabase } from '../src/db/database.ts';
import { migrate } from '../src/db/migrations.ts';

/**
 * The database a test server runs on. By default an in-memory SQLite database; with OPS_TEST_DATABASE_URL
 * (a PostgreSQL database the suite may create databases from, set by `npm run test:server:pg`) a fresh,
 * empty PostgreSQL database per server, dropped when the server closes — the same suite, on the other
 * engine. A fresh PostgreSQL database is a copy of one migrated once per process (CREATE DATABASE …
 * TEMPLATE): running the migrations for each of the suite's test servers was a large part of the pass;
 * `{ migrated: false }` gives an empty one, for the tests of starting on an empty database.
 */
export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

let count = 0;

export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.OPS_TEST_DATABASE_URL ? 'postgres' : 'sqlite';
}

export async function freshDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const admin = process.env.OPS_TEST_DATABASE_URL;
  if (!admin) return { url: ':memory:', drop: async () => undefined };
  const name = `ops_t_${process.pid}_${++count}`;
  if (options.migrated ?? true) {
    template ??= migratedTemplate(admin);
    await adminQuery(admin, `CREATE DATABASE ${name} TEMPLATE ${await template}`);
  } else {
    await adminQuery(admin, `CREATE DATABASE ${name}`);
  }
  return {
    url: databaseUrl(admin, name),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

let template: Promise<string> | undefined;

/** The process's migrated, unseeded database to copy from (left for the throwaway cluster's removal). */
async function migratedTemplate(admin: string): Promise<string> {
  const name = `ops_t_${process.pid}_template`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const db = openDatabase({ url: databaseUrl(admin, name) });
  try {
    await migrate(db);
  } finally {
    // A template must have no open connection while it is copied.
    await db.close();
  }
  return name;
}

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
