import { type Db, type RawBuilder, sql } from './database.ts';

/**
 * The seed's bulk inserts: on PostgreSQL every statement is a round trip, so the seed writes the rows of a
 * table with one multi-row INSERT per chunk instead of one INSERT per row. A chunk of 500 rows stays far
 * inside both engines' limits on bound parameters (SQLite 32766, PostgreSQL 65535).
 */
const CHUNK = 500;

/** A row to insert: its column names (constants of the seed) and values. */
type Row = object;

function insertOf<T = unknown>(table: string, rows: readonly Row[], returning?: RawBuilder<unknown>) {
  const columns = Object.keys(rows[0]!);
  const values = rows.map(
    (row) => sql`(${sql.join(columns.map((c) => (row as Record<string, unknown>)[c] ?? null))})`,
  );
  const names = sql.join(columns.map((c) => sql.ref(c)));
  return sql<T>`INSERT INTO ${sql.table(table)} (${names}) VALUES ${sql.join(values)}${returning ?? sql``}`;
}

function chunksOf<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) chunks.push(rows.slice(i, i + CHUNK));
  return chunks;
}

/** Inserts the rows (each with the columns of the first) in order. */
export async function insertRows(db: Db, table: string, rows: readonly Row[]): Promise<void> {
  for (const chunk of chunksOf(rows)) await db.run(insertOf(table, chunk));
}

/**
 * Inserts the rows like insertRows and answers their new ids by the values of `key` (see keyOf): the
 * order of a multi-row INSERT's RETURNING is not promised, so each id is matched by columns that name
 * its row.
 */
export async function insertIds<R extends Row>(
  db: Db,
  table: string,
  rows: readonly R[],
  key: readonly (keyof R & string)[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const returning = sql` RETURNING id, ${sql.join(key.map((c) => sql.ref(c)))}`;
  for (const chunk of chunksOf(rows)) {
    const inserted = await db.all(insertOf<Record<string, unknown>>(table, chunk, returning));
    for (const row of inserted) ids.set(keyOf(...key.map((c) => row[c])), Number(row.id));
  }
  return ids;
}

/** The lookup key of insertIds' answer for a row's key values. */
export const keyOf = (...values: unknown[]) => JSON.stringify(values);

/**
 * The first id after the table's rows: trees (menus, departments) are seeded with ids set here, so a
 * whole tree is one INSERT with its parent ids known. On PostgreSQL the identity must then be moved past
 * them (resetIdentity in seed.ts).
 */
export async function nextId(db: Db, table: string): Promise<number> {
  const row = await db.get<{ id: number | null }>(sql`SELECT MAX(id) AS id FROM ${sql.table(table)}`);
  return (row?.id ?? 0) + 1;
}
