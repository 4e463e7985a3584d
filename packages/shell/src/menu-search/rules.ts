/** Spec §5: names longer than this are cut with an ellipsis and carry a tooltip. */
export const TOOLTIP_AFTER = 20;

const SPACES = /\s+/g;

/**
 * Where a result's name shows the query: the first occurrence of the query (spaces folded, trimmed, any
 * case) as `[from, to)`, or null. Only where the lower-case name lines up with the name character for
 * character; a match found through compatibility forms stays unmarked.
 */
export function highlightRange(text: string, query: string): [number, number] | null {
  const needle = query.replace(SPACES, ' ').trim().toLowerCase();
  if (needle === '') return null;
  const lower = text.toLowerCase();
  if (lower.length !== text.length) return null;
  const at = lower.indexOf(needle);
  return at < 0 ? null : [at, at + needle.length];
}
