import type { Db } from '../database.ts';

export interface FileRow {
  key: string;
  tenant_id: string;
  user_id: number;
  original_name: string;
  type: string;
  size: number;
  bytes: Buffer;
  create_time: string;
}

/** Uploaded files (the object-storage upload): kept in the database, found by their random key. */
export function filesRepo(db: Db) {
  const insertStmt = db.prepare(
    `INSERT INTO files (key, tenant_id, user_id, original_name, type, size, bytes, create_time)
     VALUES (@key, @tenant_id, @user_id, @original_name, @type, @size, @bytes, @create_time)`,
  );
  const byKeyStmt = db.prepare('SELECT * FROM files WHERE key = ?');
  return {
    insert(row: FileRow): void {
      insertStmt.run(row);
    },
    byKey(key: string): FileRow | undefined {
      return byKeyStmt.get(key) as FileRow | undefined;
    },
  };
}
