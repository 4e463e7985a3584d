import type { MenuItem } from '../menus/model';

/**
 * Menu search over leaf items (spec §2 Shell parts: autocomplete, case-insensitive match on the name,
 * shows icon, name and path). Pure: the caller resolves names in the current language (`meta.i18n`
 * through i18n) with `nameOf`, builds the index once per menu and language, and queries it per keystroke.
 * A query is one pass over precomputed lower-case names with no allocation per item, so 5,000 leaves stay
 * well within a frame (QUALITY P8).
 */

/**
 * At most this many results: an autocomplete list longer than that is not read, only scrolled, and a
 * short query (one character) could otherwise render thousands of options.
 */
export const MENU_SEARCH_LIMIT = 50;

export interface MenuSearchResult {
  readonly id: string;
  /** The name in the language the index was built for (plain text). */
  readonly name: string;
  readonly icon: string;
  /** The item's path as the menu gives it. */
  readonly path: string;
  /** The item itself, to open it (`item.target`). */
  readonly item: MenuItem;
}

interface Entry {
  readonly key: string;
  readonly result: MenuSearchResult;
}

export interface MenuSearchIndex {
  /** Number of searchable leaves. */
  readonly size: number;
  readonly entries: readonly Entry[];
}

const SPACES = /\s+/g;

/**
 * The form names and queries are compared in: compatibility-normalised (full-width `Ａ` is `A`), lower
 * case, runs of white space as one space, trimmed.
 */
export function searchKeyOf(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(SPACES, ' ').trim();
}

/**
 * The index of the leaves under their names in the current language. `nameOf` gives an item's name (for
 * example its `meta.i18n` text, else `item.name`); when it throws or gives an empty name, `item.name` is
 * used. Rebuild it when the menu or the language changes.
 */
export function buildSearchIndex(
  leaves: readonly MenuItem[],
  nameOf: (item: MenuItem) => string = (item) => item.name,
): MenuSearchIndex {
  const entries: Entry[] = [];
  for (const item of leaves) {
    let name = item.name;
    try {
      const resolved = nameOf(item);
      if (typeof resolved === 'string' && resolved.trim() !== '') name = resolved;
    } catch {
      // Keep the menu's own name.
    }
    const key = searchKeyOf(name);
    if (key === '') continue;
    entries.push({ key, result: { id: item.id, name, icon: item.icon, path: item.path, item } });
  }
  return { size: entries.length, entries };
}

/**
 * The leaves whose name contains the query (case-insensitive): names that start with it first, then the
 * others, each group in menu order; at most `limit` results. An empty or white-space query finds nothing.
 */
export function searchMenu(
  index: MenuSearchIndex,
  query: string,
  limit: number = MENU_SEARCH_LIMIT,
): MenuSearchResult[] {
  const needle = searchKeyOf(query);
  const max = Number.isNaN(limit) ? 0 : Math.max(0, Math.floor(limit));
  if (needle === '' || max === 0) return [];
  const starts: MenuSearchResult[] = [];
  const contains: MenuSearchResult[] = [];
  for (const entry of index.entries) {
    const at = entry.key.indexOf(needle);
    if (at === 0) {
      starts.push(entry.result);
      if (starts.length === max) return starts;
    } else if (at > 0 && contains.length < max) {
      contains.push(entry.result);
    }
  }
  for (const result of contains) {
    if (starts.length === max) break;
    starts.push(result);
  }
  return starts;
}
