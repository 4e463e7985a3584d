/** Texts longer than this many characters are cut with an ellipsis (spec §5). */
export const OVERFLOW_LIMIT = 20;

/** Cuts by characters (code points), so a CJK text or an emoji is never split in half. */
export function truncateText(text: string, max = OVERFLOW_LIMIT): { text: string; truncated: boolean } {
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: `${chars.slice(0, max).join('')}…`, truncated: true };
}
