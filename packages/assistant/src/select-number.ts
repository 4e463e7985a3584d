/**
 * DECISIONS 19: `select_number` picks the n-th item (counting from 1) of the previous answer's list; the
 * index is max(n - 1, 0). A non-integer, an n beyond the list, or no previous list gives its error.
 */

export type SelectNumberResult<T> =
  | { ok: true; index: number; item: T }
  | { ok: false; error: 'selectNoChoices' | 'selectNotInteger' | 'selectOutOfRange' };

export function selectNumber<T>(
  n: unknown,
  previous: readonly T[] | null | undefined,
): SelectNumberResult<T> {
  if (!previous || previous.length === 0) return { ok: false, error: 'selectNoChoices' };
  const value = typeof n === 'string' && /^\s*-?\d+\s*$/.test(n) ? Number(n) : n;
  if (typeof value !== 'number' || !Number.isInteger(value)) return { ok: false, error: 'selectNotInteger' };
  const index = Math.max(value - 1, 0);
  if (index >= previous.length) return { ok: false, error: 'selectOutOfRange' };
  return { ok: true, index, item: previous[index] as T };
}
