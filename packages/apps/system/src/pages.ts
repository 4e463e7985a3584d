/** The system sub-app's pages: which page a path shows. One table, read by the router and the tests. */

export const APP_BASE = '/system';

/** The path of each page; the seeded menus (packages/server/src/db/seed-menus.ts) open these. */
export const PAGE_PATHS = {
  tenants: `${APP_BASE}/tenant/index`,
  users: `${APP_BASE}/user/index`,
  dicts: `${APP_BASE}/dict/index`,
  menus: `${APP_BASE}/menu/index`,
  'usual-logs': `${APP_BASE}/log/usual`,
  'api-logs': `${APP_BASE}/log/api`,
  'error-logs': `${APP_BASE}/log/error`,
} as const;

export type PageKey = keyof typeof PAGE_PATHS | 'not-found';

const BY_PATH = new Map<string, PageKey>(
  Object.entries(PAGE_PATHS).map(([key, path]) => [path, key as PageKey]),
);

/** The page of a path (a trailing slash does not count); any other path is not found. */
export function pageOf(pathname: string): PageKey {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return BY_PATH.get(path) ?? 'not-found';
}
