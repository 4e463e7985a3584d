import type { ShellServices } from '../services';
import { logoutCall } from './auth-api';
import { clearFlags } from './flags';

export type LogoutServices = Pick<ShellServices, 'http' | 'session' | 'lock' | 'config' | 'navigate'>;

/**
 * Storage keys (under the site prefix) where third-party sub-apps keep their own sessions; a logout
 * removes them with the console's session (spec §4 Session).
 */
export const THIRD_PARTY_SESSION_PREFIXES = ['subapp-', 'third-'] as const;

/** `/login`, with `?tenantId=` of the source tenant when the session came from another one. */
export function loginPathAfterLogout(session: { sourceTenantId?: string; tenantId?: string }): string {
  const source = session.sourceTenantId?.trim();
  return source ? `/login?${new URLSearchParams({ tenantId: source })}` : '/login';
}

function clearThirdPartySessions(prefix: string): void {
  for (const store of [globalThis.localStorage, globalThis.sessionStorage]) {
    if (!store) continue;
    const doomed: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && THIRD_PARTY_SESSION_PREFIXES.some((p) => key.startsWith(prefix + p))) doomed.push(key);
    }
    for (const key of doomed) store.removeItem(key);
  }
}

/**
 * Signs out: the server revokes the session (a failure does not keep anyone signed in), then the session,
 * the lock, the login-free and once-login flags and third-party sub-app sessions are cleared, and the page
 * goes to login. `confirm` asks first (the user menu's and the lock page's logout); false keeps everything.
 */
export async function logout(
  services: LogoutServices,
  options: { confirm?: () => Promise<boolean>; callServer?: boolean } = {},
): Promise<boolean> {
  if (options.confirm && !(await options.confirm())) return false;
  const target = loginPathAfterLogout(services.session.get());
  if (options.callServer !== false && services.session.get().token) {
    await logoutCall(services.http).catch(() => undefined);
  }
  services.session.clear();
  services.lock.clear();
  clearFlags(services.config);
  clearThirdPartySessions(services.config.storagePrefix || 'saber-');
  services.navigate(target, { replace: true });
  return true;
}
