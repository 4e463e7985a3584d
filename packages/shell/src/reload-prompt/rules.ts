/**
 * The reload prompt's decisions (issue 16): open pages learn that their import map changed (the notices
 * socket's `importmap` frame on the bus, or a re-check of `/importmap.json` when the tab is shown again)
 * and offer a reload; nothing reloads by itself.
 */

/** The meta the server puts in the page: the version of the import map this page was served with. */
export const VERSION_META = 'ops-importmap-version';

/** The served map, asked with If-None-Match: 304 while the page's version is still current. */
export const IMPORT_MAP_URL = '/importmap.json';

/** A map version as the server writes it: letters, digits and dots. */
const VERSION = /^[A-Za-z0-9.]{1,200}$/;

export interface PromptFacts {
  /** The page's own version (its meta); null when the page has none (nothing to compare with). */
  page: string | null;
  /** The newest version heard of (socket frame or re-check); null before any. */
  latest: string | null;
  /** The version the user dismissed the prompt for; a later one shows it again. */
  dismissed: string | null;
}

/** Show the prompt when a version other than the page's was heard of and not dismissed. */
export function showPrompt({ page, latest, dismissed }: PromptFacts): boolean {
  if (!page || !latest) return false;
  return latest !== page && latest !== dismissed;
}

/** The version an ETag names (`"v"` or `W/"v"`), or null for anything else. */
export function etagVersion(etag: string | null): string | null {
  const match = /^(?:W\/)?"([^"]*)"$/.exec(etag?.trim() ?? '');
  return match && VERSION.test(match[1]!) ? match[1]! : null;
}

/** What a re-check answered: the served version on a 200, null when unchanged (304) or unusable. */
export function recheckVersion(status: number, etag: string | null): string | null {
  return status === 200 ? etagVersion(etag) : null;
}

/** The If-None-Match header of a re-check for the page's version. */
export const ifNoneMatch = (page: string): string => `"${page}"`;
