import { PATHS } from '../routing/routes';
import { KEYS } from '../storage/keys';
import type { SiteStorage } from '../storage/storage';
import type { SessionState } from './state';

/** What the login form may recall of the last sign-in (spec §9 `loginUser`): never a password or token. */
export interface LoginUser {
  account: string;
  tenantId: string;
}

/**
 * What a successful token answer (any grant, and the refresh) leaves in the session besides its tokens:
 * the session's data-auth key (spec §3, sent as `Data-Auth`), and on a sign-in at `/login` the `loginUser`
 * the login form recalls. (The tenant the user came with, `sourceTenantId`, is the sign-in flow's: it
 * knows the login link it started from.)
 * Pure: the caller applies the patch and writes `loginUser`.
 */
export function tokenAnswerEffects(
  answer: Record<string, unknown>,
  page: { pathname: string; search: string },
): { patch: Partial<SessionState>; loginUser: LoginUser | null } {
  const text = (name: string) => (typeof answer[name] === 'string' ? (answer[name] as string) : '');
  const patch: Partial<SessionState> = {};
  if (!text('access_token')) return { patch, loginUser: null };
  if (text('dataAuthKey')) patch.dataAuthKey = text('dataAuthKey');
  if (page.pathname !== PATHS.login) return { patch, loginUser: null };
  // A guest answer (an unbound social identity) names no account of the tenant.
  const loginUser =
    text('user_id') && text('account') ? { account: text('account'), tenantId: text('tenant_id') } : null;
  return { patch, loginUser };
}

/** The last sign-in's account and tenant, for the login form; null when none is stored (or it is not one). */
export function recalledLoginUser(storage: Pick<SiteStorage, 'get'>): LoginUser | null {
  const value = storage.get<unknown>(KEYS.loginUser);
  if (!value || typeof value !== 'object') return null;
  const { account, tenantId } = value as Record<string, unknown>;
  return typeof account === 'string' && account && typeof tenantId === 'string'
    ? { account, tenantId }
    : null;
}
