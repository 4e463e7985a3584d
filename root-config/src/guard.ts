import { safeRedirect, withRedirect } from '@ops/shared';
import { isSubAppPath, matchesRoute } from './routes';

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
  /** The console runs as a child app of another platform page (fromThirds.fromSubApp). */
  fromSubApp: boolean;
}

export interface GuardConfig {
  /** Configured default home (spec §2): the app code's page, else `/index`. */
  homePath: string;
  /** Lock page: `/lock` unless the site config names another path. */
  lockPage: string;
  /** The AI page a `/login?isBigModel=true` visit goes to once signed in. */
  aiPath: string;
  /** Routes with meta `isAuth: false`, open without a token (DECISIONS 1b). */
  publicRoutes: readonly string[];
  shellRoutes: readonly string[];
  /** Codes of the registered sub-apps: a path under `/{code}` belongs to one. */
  subAppCodes: readonly string[];
  /** Path prefixes whose unknown paths go back one step instead of home (DECISIONS 3). */
  excludedPrefixes: readonly string[];
}

export type GuardDecision =
  | { action: 'allow'; clearSession?: true }
  | { action: 'redirect'; to: string; clearSession?: true }
  | { action: 'back'; clearSession?: true }
  | { action: 'logout'; to: string; clearSession?: true };

/** Fixed workbench homes of certain accounts (spec §2). */
export const WORKBENCH_HOMES: Readonly<Record<string, string>> = {
  znywpt: '/site/index',
  sdywptjk: '/monitor/area',
  sdywptsc: '/monitor/areaDuty',
};

export const PUBLIC_ROUTES: readonly string[] = ['/login', '/authorization', '/404', '/403', '/500'];

/** `/` leads here: the account's workbench, the configured default home, or `/index`. */
export function homeFor(session: GuardSession, config: GuardConfig): string {
  return WORKBENCH_HOMES[session.account] ?? config.homePath;
}

/** Shell routes, sub-app routes and the home pages `/` leads to (a workbench home may be a sub-app route). */
function isKnown(path: string, config: GuardConfig): boolean {
  return (
    path === '/' ||
    path === config.homePath ||
    Object.values(WORKBENCH_HOMES).includes(path) ||
    matchesRoute(path, config.shellRoutes) ||
    config.subAppCodes.some((code) => isSubAppPath(path, code))
  );
}

/**
 * The route guard, run before every navigation (spec §2 Route guard, DECISIONS 1-3). Pure: every rule is
 * a row of the table test. The caller applies the decision: clear the session, replace the URL, go back
 * one step, or log out.
 */
export function guard(route: GuardRoute, given: GuardSession, config: GuardConfig): GuardDecision {
  // (a) A tenant id in the URL other than the session's clears the session before anything else.
  const urlTenant = route.query.get('tenantId');
  const clears =
    Boolean(given.token) && urlTenant !== null && urlTenant !== '' && urlTenant !== given.tenantId;
  const session = clears ? { ...given, token: null, locked: false } : given;
  const flag = clears ? ({ clearSession: true } as const) : {};

  // (d) An empty token is a broken sign-in: log out.
  if (session.token === '') return { action: 'logout', to: '/login', ...flag };

  // (b) Signed out.
  if (!session.token) {
    if (matchesRoute(route.path, config.publicRoutes)) return { action: 'allow', ...flag };
    const entry = session.fromSubApp ? '/login' : '/authorization';
    if (route.path === '/' || route.path === '') return { action: 'redirect', to: entry, ...flag };
    const query = route.query.toString();
    return {
      action: 'redirect',
      to: withRedirect(entry, query ? `${route.path}?${query}` : route.path),
      ...flag,
    };
  }

  // (c) Signed in.
  const lockPage = config.lockPage || '/lock';
  if (session.locked) {
    return route.path === lockPage ? { action: 'allow' } : { action: 'redirect', to: lockPage };
  }
  if (route.path === lockPage) return { action: 'redirect', to: homeFor(session, config) };

  const redirect = route.query.get('redirect');
  if (redirect !== null) {
    const target = safeRedirect(redirect);
    return { action: 'redirect', to: target ?? '/' };
  }

  if (route.path === '/login') {
    if (route.query.get('loginFree') === 'true') return { action: 'allow' };
    if (route.query.get('isBigModel') === 'true') return { action: 'redirect', to: config.aiPath };
    return { action: 'redirect', to: homeFor(session, config) };
  }
  if (route.path === '/authorization') return { action: 'redirect', to: homeFor(session, config) };
  if (route.path === '/' || route.path === '') return { action: 'redirect', to: homeFor(session, config) };
  if (isKnown(route.path, config)) return { action: 'allow' };

  // DECISIONS 3: an unknown path goes back one step when it may be a sub-app whose menu is still
  // loading, otherwise home; the 404 page shows only when /404 itself is opened.
  if (config.excludedPrefixes.some((prefix) => route.path.startsWith(prefix))) return { action: 'back' };
  return { action: 'redirect', to: '/' };
}
