import pg from 'pg';

/**
 * The database a test server runs on. By default an in-memory SQLite database; with OPS_TEST_DATABASE_URL
 * (a PostgreSQL database the suite may create databases from, set by `npm run test:server:pg`) a fresh,
 * empty PostgreSQL database per server, dropped when the server closes — the same suite, on the other
 * engine.
 */
export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

let count = 0;

export function testEngine(): 'sqlite' | 'postgres' {
  return process.env.OPS_TEST_DATABASE_URL ? 'postgres' : 'sqlite';
}

export async function freshDatabase(): Promise<TestDatabase> {
  const admin = process.env.OPS_TEST_DATABASE_URL;
  if (!admin) return { url: ':memory:', drop: async () => undefined };
  const name = `ops_t_${process.pid}_${++count}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
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
