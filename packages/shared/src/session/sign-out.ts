import { PATHS } from '../routing/routes';
import { clearFlags } from './flags';

/**
 * Storage keys (under the site prefix) where third-party sub-apps keep their own sessions; signing out
 * removes them with the console's session (spec §4 Session).
 */
export const THIRD_PARTY_SESSION_PREFIXES = ['subapp-', 'third-'] as const;

/** `/login`, with `?tenantId=` of the source tenant when the session came from another one (spec §4). */
export function loginPathAfterSignOut(session: { sourceTenantId?: string }): string {
  const source = session.sourceTenantId?.trim();
  return source ? `${PATHS.login}?${new URLSearchParams({ tenantId: source })}` : PATHS.login;
}

/** Removes what a session leaves in the browser besides the session itself: flags and sub-app sessions. */
export function clearSignInTraces(
  prefix: string,
  stores: readonly (Storage | undefined)[] = [globalThis.localStorage, globalThis.sessionStorage],
): void {
  clearFlags({ storagePrefix: prefix });
  for (const store of stores) {
    if (!store) continue;
    const doomed: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && THIRD_PARTY_SESSION_PREFIXES.some((p) => key.startsWith(prefix + p))) doomed.push(key);
    }
    for (const key of doomed) store.removeItem(key);
  }
}
