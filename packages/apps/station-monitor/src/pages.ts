/** The sub-app's pages: which page a path shows, and the paths the pages link to. */

export const APP_BASE = '/station-monitor';

export type PageKey = 'overview' | 'realtime' | 'alarms' | 'alarm-stats' | 'visual' | 'not-found';

/** The path of each page of the seeded menu that this app renders. */
export const PAGE_PATHS = {
  overview: `${APP_BASE}/overview/index`,
  realtime: `${APP_BASE}/realtime/index`,
  alarms: `${APP_BASE}/alarm/index`,
  'alarm-stats': `${APP_BASE}/alarm/statistics`,
  visual: `${APP_BASE}/visual/index`,
} as const satisfies Record<Exclude<PageKey, 'not-found'>, string>;

const BY_PATH = new Map<string, PageKey>(
  Object.entries(PAGE_PATHS).map(([key, path]) => [path, key as PageKey]),
);

/**
 * The page of a path. The app's root (`/station-monitor`, `/station-monitor/index`) is the overview; a
 * trailing slash does not count; any other path under the app, or outside it, is not found.
 */
export function pageOf(pathname: string): PageKey {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === APP_BASE || path === `${APP_BASE}/index`) return 'overview';
  return BY_PATH.get(path) ?? 'not-found';
}

/** Station ids as the server has them (`HS0001`, `ES0012`): letters, digits, `_` and `-`, up to 20. */
const STATION_ID = /^[A-Za-z0-9_-]{1,20}$/;

/** The realtime page of a station (or the page without one). */
export function realtimePath(stationId?: string | null): string {
  return stationId ? `${PAGE_PATHS.realtime}?station=${encodeURIComponent(stationId)}` : PAGE_PATHS.realtime;
}

/** The station the realtime page's query names, or null when it names none or a malformed one. */
export function stationOf(search: string): string | null {
  const value = new URLSearchParams(search).get('station');
  return value !== null && STATION_ID.test(value) ? value : null;
}
