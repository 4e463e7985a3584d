import { type Db, sql } from '../db/database.ts';

/**
 * A secret of the install kept in the database that several instances share (the token signing key, the
 * speech emulator's credentials): the first instance to ask stores `fresh`, every later one (and every
 * instance after it) reads what was stored. The embedded single-instance install keeps these in files in
 * its data folder instead.
 */
export async function sharedSecret(db: Db, name: string, fresh: unknown): Promise<unknown> {
  await db.run(sql`
    INSERT INTO install_secrets (name, value, created_at) VALUES (${name}, ${JSON.stringify(fresh)}, ${Date.now()})
    ON CONFLICT (name) DO NOTHING`);
  const row = await db.get<{ value: string }>(sql`SELECT value FROM install_secrets WHERE name = ${name}`);
  return JSON.parse(row?.value ?? 'null') as unknown;
}
