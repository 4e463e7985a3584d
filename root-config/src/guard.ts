import { isSubAppPath, matchesRoute } from './routes';

export interface GuardRoute {
  path: string;
}

export interface GuardConfig {
  /** Where `/` leads: the configured default home (spec §2), `/index` by default. */
  homePath: string;
  shellRoutes: readonly string[];
  /** Codes of the registered sub-apps; a path under `/{code}` belongs to one. */
  subAppCodes: readonly string[];
}

export type GuardDecision = { action: 'allow' } | { action: 'redirect'; to: string };

const ALLOW: GuardDecision = { action: 'allow' };

/**
 * The route guard, run before every routing event. A pure function so every rule is a row of a table
 * test. This is its first form: home and unknown paths. The sign-in rules of spec §2 (token, lock,
 * redirect query, tenant mismatch) extend it with the session.
 */
export function guard(route: GuardRoute, config: GuardConfig): GuardDecision {
  const { path } = route;
  if (path === '/' || path === '') return { action: 'redirect', to: config.homePath };
  if (matchesRoute(path, config.shellRoutes)) return ALLOW;
  if (config.subAppCodes.some((code) => isSubAppPath(path, code))) return ALLOW;
  return { action: 'redirect', to: '/404' };
}
