import { envelopeData, type Http } from '@ops/shared';

/**
 * The calls of the system pages (docs/api.md sections 4, 5, 6, 8 and 10), and the readers that turn the
 * server's loosely typed answers into the pages' rows. Every page reads and writes through these.
 */

export interface Page<T> {
  records: T[];
  total: number;
}

export type Row = Record<string, unknown>;

export const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field as text: strings as they are, numbers and booleans written out, anything else empty. */
export const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

/** A field as a finite number, or null. */
export function num(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** A paged `data` (`{ records, total }`), each record read by `read`; another shape is an error. */
export function parsePage<T>(data: unknown, read: (row: Row) => T): Page<T> {
  if (!isRow(data) || !Array.isArray(data.records)) throw new TypeError('not a page');
  const records = data.records.filter(isRow).map(read);
  return { records, total: num(data.total) ?? records.length };
}

/** A list `data`, each item read by `read`; another shape is an error. */
export function parseList<T>(data: unknown, read: (row: Row) => T): T[] {
  if (!Array.isArray(data)) throw new TypeError('not a list');
  return data.filter(isRow).map(read);
}

/** GET: the envelope's `data`. */
export async function getData(
  http: Http,
  url: string,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<unknown> {
  return envelopeData(await http.get(url, { params, signal }));
}

/**
 * The refusals a write's form shows itself (FormDialog's error line, useRemove's message): the console's
 * client leaves them quiet instead of showing its own toast as well.
 */
export const FORM_REFUSALS = [400, 403, 404, 409] as const;

/** POST a JSON body: the envelope's `data`. */
export async function postJson(
  http: Http,
  url: string,
  body: unknown,
  signal?: AbortSignal,
): Promise<unknown> {
  return envelopeData(await http.post(url, body, { signal, quietCodes: FORM_REFUSALS }));
}

/** POST with query parameters (the `ids`, `userIds`... calls of docs/api.md): the envelope's `data`. */
export async function postParams(
  http: Http,
  url: string,
  params: Record<string, string>,
  signal?: AbortSignal,
): Promise<unknown> {
  return envelopeData(await http.post(url, null, { params, signal, quietCodes: FORM_REFUSALS }));
}

/** Ids as the server takes them: comma-separated. */
export const idsParam = (ids: readonly string[]): string => ids.join(',');
