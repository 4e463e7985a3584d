/**
 * The mark of a name: its first character, shown where an icon would be (the console ships no icon font:
 * menu entries, search results, the logo, the user's avatar). `fallback` when the name is blank.
 */
export function markOf(name: string, fallback = ''): string {
  return Array.from(name.trim())[0] ?? fallback;
}
