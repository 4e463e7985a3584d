import type { Db } from './database.ts';

/** The page a paged call asks for: `current` is 1-based. */
export interface PageArgs {
  current: number;
  size: number;
}

/** The answer of every paged call (BladeX's IPage). */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** `current` and `size` of a query string: current defaults to 1, size to 10 and stays within 1..100. */
export function pageArgs(q: { current?: string; size?: string }): PageArgs {
  const current = Math.max(1, Number(q.current ?? 1) || 1);
  const size = Math.min(100, Math.max(1, Number(q.size ?? 10) || 10));
  return { current, size };
}

export interface PagedSql {
  /** What follows FROM: tables, joins and WHERE, with `?` placeholders bound to `args` (used twice). */
  from: string;
  args?: readonly unknown[];
  /** Select list of the page (default `*`). */
  columns?: string;
  orderBy: string;
}

/** How many rows `from` (tables, joins and WHERE, `?` bound to `args`) has. */
export function countOf(db: Db, from: string, ...args: readonly unknown[]): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM ${from}`).get(...args) as { n: number }).n;
}

/** One page of a SELECT (LIMIT/OFFSET from the page asked for) and the count of all its rows. */
export function pagedQuery<T>(db: Db, sql: PagedSql, { current, size }: PageArgs): Page<T> {
  const args = sql.args ?? [];
  const total = countOf(db, sql.from, ...args);
  const records = db
    .prepare(`SELECT ${sql.columns ?? '*'} FROM ${sql.from} ORDER BY ${sql.orderBy} LIMIT ? OFFSET ?`)
    .all(...args, size, (current - 1) * size) as T[];
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/** The same page with every record turned into its answer shape. */
export function mapPage<T, U>(page: Page<T>, map: (record: T) => U): Page<U> {
  return { ...page, records: page.records.map(map) };
}
