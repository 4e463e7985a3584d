/** Reading an extra item's loosely typed fields: what arrives from the server is checked, never trusted. */

export type Fields = Readonly<Record<string, unknown>>;

export const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field as text: strings as they are, finite numbers written out, anything else ''. */
export function text(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** A field as display text: `text` without surrounding blanks. */
export const textOf = (value: unknown): string => text(value).trim();

/** A field as a number, or null when it is not a finite number (numeric strings count). */
export function num(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** The first of `keys` that has text. */
export function firstText(fields: Fields, ...keys: string[]): string {
  for (const key of keys) {
    const text = textOf(fields[key]);
    if (text) return text;
  }
  return '';
}

/** An item's `data` as a list of objects (a single object counts as a list of one); others are dropped. */
export function listOf(data: unknown): Fields[] {
  const list = Array.isArray(data) ? data : data === undefined || data === null ? [] : [data];
  return list.filter(isFields);
}

/** An item's `data` (or, failing that, its `params`) as one object; null when it is neither. */
export function objectOf(data: unknown, fallback?: unknown): Fields | null {
  if (isFields(data)) return data;
  if (Array.isArray(data) && isFields(data[0])) return data[0];
  return isFields(fallback) ? fallback : null;
}

/** An item's `params` as an object ({} when it is anything else). */
export const paramsOf = (item: { params?: unknown }): Fields => (isFields(item.params) ? item.params : {});
