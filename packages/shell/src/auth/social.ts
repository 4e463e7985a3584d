import type { SocialProvider } from '@ops/shared';
import type { SocialCode } from './auth-api';

/**
 * Social sign-in (spec §7 social grant): the console sends the browser to the provider with a random
 * `state`, remembered in this tab; the provider sends it back to `/login` with `source`, `code` and
 * `state`. The grant is asked for only when the state is the one this tab sent (no login CSRF).
 */
export interface PendingSocial {
  state: string;
  source: string;
  tenantId: string;
}

export type SocialReturn =
  | { kind: 'none' }
  | { kind: 'verified'; code: SocialCode }
  /** A provider answer this tab did not ask for, or one that does not match: nothing is sent. */
  | { kind: 'refused' };

/** The provider's authorization address with the tenant, the state and where to come back. */
export function authorizeAddress(
  provider: SocialProvider,
  pending: PendingSocial,
  options: { redirectUri: string; origin: string; user?: string },
): string {
  const url = new URL(provider.authorizeUrl, options.origin);
  url.searchParams.set('tenantId', pending.tenantId);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('redirect_uri', options.redirectUri);
  if (options.user) url.searchParams.set('user', options.user);
  return url.origin === options.origin ? `${url.pathname}${url.search}` : url.href;
}

/** What the login page's query says about a return from a provider, given what this tab sent. */
export function socialReturn(query: URLSearchParams, pending: PendingSocial | null): SocialReturn {
  const code = query.get('code');
  const source = query.get('source');
  const state = query.get('state');
  if (code === null && source === null && state === null) return { kind: 'none' };
  if (!pending || !code || source !== pending.source || state !== pending.state) return { kind: 'refused' };
  return {
    kind: 'verified',
    code: { source, code, state, tenantId: query.get('tenantId') || pending.tenantId },
  };
}

/** The login page's query without the provider's answer (so a reload does not send the code again). */
export function withoutProviderAnswer(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of ['source', 'code', 'state']) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

const keyOf = (prefix: string) => `${prefix || 'saber-'}socialState`;

export const randomState = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** Remembers the request in this tab (session storage) until the provider answers. */
export function rememberPending(
  prefix: string,
  pending: PendingSocial,
  store: Storage = sessionStorage,
): void {
  store.setItem(keyOf(prefix), JSON.stringify(pending));
}

/** Takes the remembered request: read once, then forgotten, so a state serves one answer. */
export function takePending(prefix: string, store: Storage = sessionStorage): PendingSocial | null {
  const raw = store.getItem(keyOf(prefix));
  store.removeItem(keyOf(prefix));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingSocial>;
    if (typeof value.state !== 'string' || typeof value.source !== 'string') return null;
    return { state: value.state, source: value.source, tenantId: String(value.tenantId ?? '') };
  } catch {
    return null;
  }
}
