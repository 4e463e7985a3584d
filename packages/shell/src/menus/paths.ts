import { isSubAppPath, isValidAppCode, matchRoute, normalizePath, PATHS } from '@ops/shared';
import { flagOn, QUERY_FLAG, queryFlagOn } from '../shared/query-flags';

/**
 * Where a menu item opens (spec §2 Routes, docs/api.md section 5), as one pure decision. Side effects
 * (navigating, opening a window with `noopener`) are the caller's.
 *
 * - `route`: navigate the console to `to` (path, query, fragment).
 * - `window`: an `isOpen` item; the caller opens `url` in a new window with `noopener`.
 * - `invalid`: the item cannot be opened safely; the menu model skips such items and reports them.
 */
export type MenuTarget =
  | { readonly kind: 'route'; readonly to: string }
  | { readonly kind: 'window'; readonly url: string }
  | { readonly kind: 'invalid'; readonly reason: MenuPathProblem };

/**
 * Why a path cannot be opened:
 * - `missing-path`: no path at all;
 * - `unsafe-path`: a scheme other than http(s) (`javascript:`, `data:`, `vbscript:`, `file:` ...), a
 *   protocol-relative `//host`, a backslash or a control character (browsers read `/\host` as `//host`
 *   and drop tabs and newlines, so these could leave the console or run script);
 * - `invalid-path`: neither an absolute path (`/...`) nor an http(s) URL with a host, or a path with `.`
 *   or `..` segments;
 * - `invalid-app-code`: an app code that is not one path segment of letters, digits, `_`, `.` and `-`.
 */
export type MenuPathProblem = 'missing-path' | 'unsafe-path' | 'invalid-path' | 'invalid-app-code';

/** What of a menu item decides where it opens. */
export interface MenuLink {
  readonly path: string;
  readonly appCode?: string;
  readonly query?: Readonly<Record<string, string>> | null;
  readonly iframe?: boolean;
  readonly isOpen?: boolean;
}

/**
 * The mock menu entries of spec §2 ("special case in menu navigation"). They are shell routes (listed in
 * the route table of @ops/shared, so the guard lets them through) that an item may carry with an app
 * code; the special case is that they always open exactly as written: no app prefix, no `/index`, no
 * iframe.
 */
export const MOCK_MENU_PATHS: readonly string[] = [PATHS.environment, PATHS.cart];

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const HTML = /\.html?$/i;

/** A path as the menu gives it, sorted out: an http(s) URL, a same-origin path, or why it is neither. */
export type ClassifiedPath =
  | { readonly kind: 'external'; readonly url: string }
  | {
      readonly kind: 'internal';
      /** The path alone, as written (`/a/b`). */
      readonly path: string;
      /** `?...` or empty. */
      readonly search: string;
      /** `#...` or empty. */
      readonly hash: string;
    }
  | { readonly kind: 'invalid'; readonly reason: MenuPathProblem };

function hasControlOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/** Sorts out a menu path (surrounding spaces ignored). Never throws. */
export function classifyPath(raw: unknown): ClassifiedPath {
  if (typeof raw !== 'string') return { kind: 'invalid', reason: 'missing-path' };
  const text = raw.trim();
  if (text === '') return { kind: 'invalid', reason: 'missing-path' };
  if (hasControlOrBackslash(text)) return { kind: 'invalid', reason: 'unsafe-path' };
  const scheme = SCHEME.exec(text)?.[1]?.toLowerCase();
  if (scheme !== undefined) {
    if (scheme !== 'http' && scheme !== 'https') return { kind: 'invalid', reason: 'unsafe-path' };
    try {
      const url = new URL(text);
      if (url.hostname === '') return { kind: 'invalid', reason: 'invalid-path' };
    } catch {
      return { kind: 'invalid', reason: 'invalid-path' };
    }
    return { kind: 'external', url: text };
  }
  if (text.startsWith('//')) return { kind: 'invalid', reason: 'unsafe-path' };
  if (!text.startsWith('/')) return { kind: 'invalid', reason: 'invalid-path' };
  const hashAt = text.indexOf('#');
  const beforeHash = hashAt === -1 ? text : text.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : text.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt);
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return { kind: 'invalid', reason: 'invalid-path' };
  }
  return { kind: 'internal', path, search, hash };
}

/**
 * `?key=value&...` for the pairs, sorted by key (a stable sort, so repeated keys keep their order), each
 * part encoded with `encodeURIComponent`; empty when there are none. Sorting makes the same query the
 * same text, whatever order the menu listed it in (tags are identified by path plus query, DECISIONS 16).
 */
export function queryStringOf(pairs: Iterable<readonly [string, string]>): string {
  const sorted = [...pairs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 0) return '';
  return `?${sorted.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`;
}

/** The pairs of an item's query object, in its own order. */
function pairsOf(query: Readonly<Record<string, string>> | null | undefined): [string, string][] {
  return query ? Object.entries(query) : [];
}

/** The path's own query with the item's query over it (the item's value wins for a key in both). */
function mergedQuery(search: string, query: Readonly<Record<string, string>> | null | undefined): string {
  const own = new URLSearchParams(search);
  for (const [key, value] of pairsOf(query)) {
    own.delete(key);
    own.append(key, value);
  }
  return queryStringOf(own.entries());
}

/**
 * The iframe route for an embedded page: `/myiframe/{target}` with the whole target (an http(s) URL or a
 * same-origin path, with its own query) encoded as one segment, so that `matchRoute` of @ops/shared gives
 * it back unchanged as the route's `routerPath` parameter (see `iframeTargetOf`).
 */
export function iframeRoute(target: string): string {
  return `${PATHS.iframe}/${encodeURIComponent(target)}`;
}

/** The page an iframe route embeds (its `routerPath`), or null when the path is not the iframe route. */
export function iframeTargetOf(path: string): string | null {
  const match = matchRoute(path);
  return match?.route.kind === 'iframe' ? (match.params.routerPath ?? null) : null;
}

/**
 * A report or board path (spec §2: "Report and board paths are kept"): one of its segments names a
 * report or a board (`/station-monitor/report`, `/dailyReport`, `/dashboard`), ignoring case.
 */
export function isReportOrBoardPath(path: string): boolean {
  return normalizePath(path)
    .split('/')
    .some((segment) => {
      const lower = segment.toLowerCase();
      return lower.includes('report') || lower.includes('board');
    });
}

/**
 * Spec §2: "Report and board paths are kept; other paths get /index appended". The menu's paths are full
 * routes (docs/api.md section 5: `path` is the full route), so appending to every path would break them
 * (`/noticeinfo/info/index` is no page). The rule is therefore read as completing a path that names no
 * page: a route is `/{module}/{page}`, a sub-app route `/{appCode}/{module}/{page}` (spec §2), and a path
 * with fewer segments than that after its app prefix opens the module's (or app's) `index` page:
 * `/station-monitor/overview` -> `/station-monitor/overview/index`, `/foo` -> `/foo/index`,
 * `/station-monitor` -> `/station-monitor/index`. Kept as they are: shell routes of the route table,
 * paths whose last segment is already `index`, report and board paths, and complete pages.
 */
export function withIndexPage(path: string, appCode = ''): string {
  const bare = normalizePath(path);
  if (matchRoute(bare) !== null || isReportOrBoardPath(bare)) return bare;
  const segments = bare === '/' ? [] : bare.slice(1).split('/');
  if (segments[segments.length - 1] === 'index') return bare;
  const pageSegments = appCode !== '' && isSubAppPath(bare, appCode) ? segments.length - 1 : segments.length;
  if (pageSegments >= 2) return bare;
  return bare === '/' ? PATHS.index : `${bare}/index`;
}

/**
 * The console path of a same-origin menu path (without query): the mock entries as written; otherwise
 * `/{appCode}{path}` for a sub-app item unless the path already starts with that whole segment
 * (`isSubAppPath`: appCode `app` and `/apple/x` is not prefixed), then `withIndexPage`.
 */
export function routePathOf(path: string, appCode = ''): string {
  const bare = normalizePath(path);
  if (MOCK_MENU_PATHS.includes(bare)) return bare;
  const prefixed =
    appCode !== '' && !isSubAppPath(bare, appCode) ? `/${appCode}${bare === '/' ? '' : bare}` : bare;
  return withIndexPage(prefixed, appCode);
}

/** Appends the pairs to an external URL as written, before its fragment (its own query is not rewritten). */
function withExtraQuery(url: string, query: Readonly<Record<string, string>> | null | undefined): string {
  const extra = queryStringOf(pairsOf(query));
  if (extra === '') return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${extra.slice(1)}${hash}`;
}

/**
 * Where a menu item opens (spec §2 Routes):
 * - an invalid or unsafe path, or an invalid app code: `invalid`;
 * - `isOpen`: a new window (`window`): an http(s) URL as written with the item's query appended; an
 *   iframe item or `.html` page at its same-origin path; any other item at the route it would open;
 * - `iframe` (or an `iframeFlag` query flag that is on), an http(s) URL or a `.html` page: the iframe route around the path as written (no app
 *   prefix, spec §2 "iframe or external paths skip the prefix"). An external URL without `isOpen` and
 *   `iframe` is embedded, not skipped and not navigated to: spec §2 sends http(s) addresses to the iframe
 *   route, the SPA cannot navigate to another origin, and leaving the console silently would lose the
 *   chrome and the open tags;
 * - otherwise: the route `routePathOf(path, appCode)`.
 * The item's `query` is the console route's query (docs/api.md: "query parameters for the route"), so for
 * an iframe item it goes on the iframe route, not into the embedded page's address; route queries are
 * merged with the path's own query, sorted and encoded (`queryStringOf`); a path's fragment is kept.
 */
export function menuTarget(item: MenuLink): MenuTarget {
  const appCode = (item.appCode ?? '').trim();
  const classified = classifyPath(item.path);
  if (classified.kind === 'invalid') return classified;
  if (appCode !== '' && !isValidAppCode(appCode)) return { kind: 'invalid', reason: 'invalid-app-code' };
  const query = item.query ?? null;

  if (classified.kind === 'external') {
    if (item.isOpen) return { kind: 'window', url: withExtraQuery(classified.url, query) };
    return { kind: 'route', to: iframeRoute(classified.url) + queryStringOf(pairsOf(query)) };
  }

  const { path, search, hash } = classified;
  // Spec §2: "a path with an iframe flag" opens inside the iframe route, whether the flag is the item's
  // (`iframe`), in its route query or in the path's own query (`iframeFlag`).
  const embedded =
    item.iframe === true ||
    HTML.test(path) ||
    flagOn(query?.[QUERY_FLAG.iframe]) ||
    queryFlagOn(search, QUERY_FLAG.iframe);
  if (embedded) {
    const target = `${path}${search}${hash}`;
    if (item.isOpen) return { kind: 'window', url: `${path}${mergedQuery(search, query)}${hash}` };
    return { kind: 'route', to: iframeRoute(target) + queryStringOf(pairsOf(query)) };
  }
  const to = `${routePathOf(path, appCode)}${mergedQuery(search, query)}${hash}`;
  return item.isOpen ? { kind: 'window', url: to } : { kind: 'route', to };
}
