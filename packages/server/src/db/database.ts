import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';

export type Db = Database.Database;

/** Opens (and migrates) the embedded database; ':memory:' for tests. */
export function openDatabase(path: string): Db {
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
