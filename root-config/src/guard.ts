import {
  isPublicRoute,
  lockPageOf,
  matchRoute,
  normalizePath,
  PATHS,
  safeRedirect,
  subAppCodeOf,
  underPrefix,
  WORKBENCH_HOMES,
  withRedirect,
  workbenchHomeOf,
} from '@ops/shared';

/** Where the user is going: a path and its query. */
export interface GuardRoute {
  path: string;
  query: URLSearchParams;
}

/** What the guard needs to know of the session. `token` undefined or null means signed out. */
export interface GuardSession {
  token: string | null | undefined;
  tenantId: string;
  account: string;
  locked: boolean;
}

export interface GuardConfig {
  /** Configured default home (spec §2): the app code's page, else `/index`. */
  homePath: string;
  /** Lock page: `/lock` unless the site config names another path. */
  lockPage: string;
  /** Codes of the registered sub-apps: a path under `/{code}` belongs to one. */
  subAppCodes: readonly string[];
  /** Path prefixes whose unknown paths go back one step instead of home (DECISIONS 3). */
  excludedPrefixes: readonly string[];
  /**
   * The signed-in user's sub-apps are still being read (no list known yet): an unknown path may be one
   * of them, so the decision waits for the list instead of sending the user home.
   */
  subAppsPending?: boolean;
}

export type GuardDecision =
  | { action: 'allow'; clearSession?: true }
  | { action: 'redirect'; to: string; clearSession?: true }
  | { action: 'back'; clearSession?: true }
  | { action: 'logout'; to: string; clearSession?: true }
  | { action: 'wait'; clearSession?: true };

/** `/` leads here: the account's workbench, the configured default home, or `/index`. */
export function homeFor(session: GuardSession, config: GuardConfig): string {
  return workbenchHomeOf(session.account) ?? config.homePath;
}

/** Shell routes, sub-app routes and the home pages `/` leads to (a workbench home may be a sub-app route). */
function isKnown(path: string, config: GuardConfig): boolean {
  return (
    path === config.homePath ||
    Object.values(WORKBENCH_HOMES).includes(path) ||
    matchRoute(path, { lockPage: config.lockPage }) !== null ||
    subAppCodeOf(path, config.subAppCodes) !== null
  );
}

/**
 * The route guard, run before every navigation (spec §2 Route guard, DECISIONS 1-3). Pure: every rule is
 * a row of the table test. The caller applies the decision: clear the session, replace the URL, go back
 * one step, or log out. Paths come from the one route table of @ops/shared.
 */
export function guard(route: GuardRoute, given: GuardSession, config: GuardConfig): GuardDecision {
  const path = normalizePath(route.path);
  // (a) A tenant id in the URL other than the session's clears the session before anything else.
  const urlTenant = route.query.get('tenantId');
  const clears =
    Boolean(given.token) && urlTenant !== null && urlTenant !== '' && urlTenant !== given.tenantId;
  const session = clears ? { ...given, token: null, locked: false } : given;
  const flag = clears ? ({ clearSession: true } as const) : {};

  // (d) An empty token is a broken sign-in: log out.
  if (session.token === '') return { action: 'logout', to: PATHS.login, ...flag };

  // (b) Signed out: public routes pass; every other path, unknown ones included, goes to the entry page.
  if (!session.token) {
    if (isPublicRoute(path)) return { action: 'allow', ...flag };
    if (path === PATHS.home) return { action: 'redirect', to: PATHS.authorization, ...flag };
    const query = route.query.toString();
    return {
      action: 'redirect',
      to: withRedirect(PATHS.authorization, query ? `${path}?${query}` : path),
      ...flag,
    };
  }

  // (c) Signed in.
  const lockPage = lockPageOf(config);
  if (session.locked) {
    return path === lockPage ? { action: 'allow' } : { action: 'redirect', to: lockPage };
  }
  if (path === lockPage) return { action: 'redirect', to: homeFor(session, config) };

  const redirect = route.query.get('redirect');
  if (redirect !== null) {
    const target = safeRedirect(redirect);
    return { action: 'redirect', to: target ?? PATHS.home };
  }

  if (path === PATHS.login) {
    if (route.query.get('loginFree') === 'true') return { action: 'allow' };
    if (route.query.get('isBigModel') === 'true') return { action: 'redirect', to: PATHS.assistant };
    return { action: 'redirect', to: homeFor(session, config) };
  }
  if (path === PATHS.authorization || path === PATHS.home) {
    return { action: 'redirect', to: homeFor(session, config) };
  }
  if (isKnown(path, config)) return { action: 'allow' };
  if (config.subAppsPending) return { action: 'wait' };

  // DECISIONS 3: an unknown path goes back one step when it may be a sub-app whose menu is still
  // loading, otherwise home; the 404 page shows only when /404 itself is opened.
  if (underPrefix(path, config.excludedPrefixes)) return { action: 'back' };
  return { action: 'redirect', to: PATHS.home };
}
