import type { Runtime } from '@ops/shared';
import { excludedPrefixes, homePathOf, KEYS } from '@ops/shared';
import { navigateToUrl } from 'single-spa';
import { type GuardConfig, type GuardDecision, type GuardSession, guard } from './guard';

/** Goes to a path; `replace` keeps the current entry out of the history (redirects, sign-in results). */
export function navigate(path: string, options?: { replace?: boolean }): void {
  if (options?.replace) history.replaceState(history.state, '', path);
  else navigateToUrl(path);
}

export function guardConfigOf(rt: Runtime, subApps: SubAppRegistry): GuardConfig {
  return {
    homePath: homePathOf(rt.config),
    lockPage: rt.config.lockPage,
    subAppCodes: subApps.codes(),
    excludedPrefixes: subApps.excluded(rt.config.excludedRedirects),
    subAppsPending: subApps.pending(),
  };
}

/** The sub-apps the host knows, which prefixes go back one step (DECISIONS 3), and whether the list is still being read. */
export interface SubAppRegistry {
  codes(): string[];
  excluded(configured: readonly string[]): string[];
  pending(): boolean;
}

/** Where the host's list stands: not signed in, being read (no list yet), or known. */
export type SubAppsStatus = 'none' | 'pending' | 'ready';

/** The guard's view of the host's list (DECISIONS 3): its codes, and the prefixes that go back one step. */
export function registryOf(
  source: () => { status: SubAppsStatus; apps: readonly { code: string }[] },
): SubAppRegistry {
  return {
    codes: () => source().apps.map((app) => app.code),
    // Every app of the list has its menu: the list is made of the menus.
    excluded: (configured) =>
      excludedPrefixes(
        configured,
        source().apps.map((app) => ({ code: app.code, menuLoaded: true })),
      ),
    pending: () => source().status === 'pending',
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
  };
}

export function decide(rt: Runtime, href: string, subApps: SubAppRegistry): GuardDecision {
  const url = new URL(href, location.href);
  return guard(
    { path: url.pathname, query: url.searchParams },
    guardSessionOf(rt),
    guardConfigOf(rt, subApps),
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
    case 'wait':
      // The caller waits for the sub-app list and decides again.
      return;
  }
}
