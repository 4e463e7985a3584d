import { type Db, type RawBuilder, sql } from './database.ts';

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
  /** What follows FROM: tables, joins and WHERE (written with `sql`, used twice). */
  from: RawBuilder<unknown>;
  /** Select list of the page (default `*`). */
  columns?: RawBuilder<unknown>;
  orderBy: RawBuilder<unknown>;
}

/** How many rows `from` (tables, joins and WHERE) has. */
export async function countOf(db: Db, from: RawBuilder<unknown>): Promise<number> {
  return (await db.get<{ n: number }>(sql`SELECT COUNT(*) AS n FROM ${from}`))?.n ?? 0;
}

/** One page of a SELECT (LIMIT/OFFSET from the page asked for) and the count of all its rows. */
export async function pagedQuery<T>(db: Db, query: PagedSql, { current, size }: PageArgs): Promise<Page<T>> {
  const total = await countOf(db, query.from);
  const records = await db.all<T>(
    sql`SELECT ${query.columns ?? sql`*`} FROM ${query.from} ORDER BY ${query.orderBy} LIMIT ${size} OFFSET ${(current - 1) * size}`,
  );
  return { records, total, size, current, pages: Math.ceil(total / size) };
}

/** The same page with every record turned into its answer shape. */
export function mapPage<T, U>(page: Page<T>, map: (record: T) => U): Page<U> {
  return { ...page, records: page.records.map(map) };
}
