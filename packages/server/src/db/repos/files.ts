import { type Db, sql } from '../database.ts';

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
  return {
    async insert(row: FileRow): Promise<void> {
      await db.run(sql`
        INSERT INTO files (key, tenant_id, user_id, original_name, type, size, bytes, create_time)
        VALUES (${row.key}, ${row.tenant_id}, ${row.user_id}, ${row.original_name}, ${row.type}, ${row.size},
                ${row.bytes}, ${row.create_time})`);
    },
    byKey(key: string): Promise<FileRow | undefined> {
      return db.get<FileRow>(sql`SELECT * FROM files WHERE key = ${key}`);
    },
  };
}
