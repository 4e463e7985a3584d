import type { Runtime } from '@ops/shared';
import { KEYS } from '@ops/shared';
import { type GuardConfig, type GuardDecision, type GuardSession, guard, PUBLIC_ROUTES } from './guard';
import { SHELL_ROUTES } from './routes';

/** The AI page `/login?isBigModel=true` leads to once signed in (spec §2). */
export const AI_PATH = '/intelligentSpeech/transmit';

/** `/` leads to the configured default home app and page (spec §2), else `/index`. */
export function homePathOf(config: Runtime['config']): string {
  const code = config.defaultHomeAppCode.trim();
  if (!code) return '/index';
  const page = config.defaultHomePage.trim() || '/index';
  return `/${code}${page.startsWith('/') ? page : `/${page}`}`;
}

export function guardConfigOf(rt: Runtime, subAppCodes: readonly string[]): GuardConfig {
  return {
    homePath: homePathOf(rt.config),
    lockPage: rt.config.lockPage,
    aiPath: AI_PATH,
    publicRoutes: PUBLIC_ROUTES,
    shellRoutes: SHELL_ROUTES,
    subAppCodes,
    excludedPrefixes: rt.config.excludedRedirects,
  };
}

/**
 * The session as the guard sees it. A stored access-token record whose content is empty is the broken
 * sign-in of DECISIONS 1d; no record at all is simply signed out.
 */
export function guardSessionOf(rt: Runtime): GuardSession {
  const state = rt.session.get();
  const stored = rt.storage.record<string>(KEYS.token);
  const token = state.token || (stored && stored.content === '' ? '' : null);
  return {
    token,
    tenantId: state.tenantId,
    account: state.userInfo?.account ?? '',
    locked: rt.lock.isLocked(),
    fromSubApp: Boolean(state.fromThirds?.fromSubApp),
  };
}

export function decide(rt: Runtime, href: string, subAppCodes: readonly string[]): GuardDecision {
  const url = new URL(href, location.href);
  return guard(
    { path: url.pathname, query: url.searchParams },
    guardSessionOf(rt),
    guardConfigOf(rt, subAppCodes),
  );
}

/** Carries a decision out: sign out first when it says so, then replace the URL or go back one step. */
export async function apply(rt: Runtime, decision: GuardDecision): Promise<void> {
  if (decision.clearSession) await rt.signOut();
  switch (decision.action) {
    case 'allow':
      return;
    case 'back':
      history.back();
      return;
    case 'logout':
      await rt.signOut({ revoke: false });
      history.replaceState(history.state, '', decision.to);
      return;
    case 'redirect':
      // Replace rather than push, so Back does not return to the path that was redirected.
      history.replaceState(history.state, '', decision.to);
      return;
  }
}
