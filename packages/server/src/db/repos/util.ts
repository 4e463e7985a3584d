import { type Db, type RawBuilder, sql } from '../database.ts';

/** LIKE pattern for a user-supplied fragment (wildcards escaped; use with ESCAPE '\\'). */
export function likeArg(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function nowText(ms: number): string {
  const d = new Date(ms + 8 * 3600 * 1000);
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

/** `column LIKE %value%` (the value taken literally, ASCII case ignored on both engines). */
export function likeOf(db: Db, column: string, value: string): RawBuilder<unknown> {
  return sql`${sql.ref(column)} ${db.like} ${likeArg(value)} ESCAPE '\\'`;
}

/**
 * A `column LIKE %value%` condition for each column whose value is given; blank values add nothing.
 * Column names come from the code, never from the request.
 */
export function likeAll(db: Db, values: Record<string, string | undefined>): RawBuilder<unknown>[] {
  return Object.entries(values).flatMap(([column, value]) => (value ? [likeOf(db, column, value)] : []));
}

/** `WHERE a AND b …` of the conditions (nothing for none). */
export function whereOf(conditions: readonly RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}
