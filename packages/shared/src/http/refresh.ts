import { REF_TERMINAL } from '../config/constants';
import type { TokenGrant } from '../session/state';
import { HttpError } from './errors';
import { HEADER } from './headers';
import type { Http } from './lazy-http';
import type { TabMutex } from './tab-mutex';

/** docs: POST /api/blade-system/oauth/token, grant_type=refresh_token (spec §7 Authentication). */
export const REFRESH_URL = '/api/blade-system/oauth/token';
export const REFRESH_LOCK = 'ops-token-refresh';

export interface RefreshSession {
  get(): { refreshToken: string; tenantId: string };
  setTokens(grant: TokenGrant): void;
  storedRefreshToken(): string;
  reload(): void;
}

/** What the refresh learned: new tokens from the server, or tokens another tab had already stored. */
export type RefreshResult = 'rotated' | 'adopted';

/**
 * One refresh, under the tab mutex. Inside the lock the stored refresh token is compared with the one this
 * tab started from: when another tab has rotated it meanwhile, this tab takes the stored tokens and sends
 * nothing (sending the spent token again would make the server revoke the whole session).
 */
export async function refreshTokens(deps: {
  http: Http;
  session: RefreshSession;
  mutex: TabMutex;
  url?: string;
}): Promise<RefreshResult> {
  const { session } = deps;
  const startedWith = session.get().refreshToken;
  return deps.mutex.run(REFRESH_LOCK, async () => {
    const stored = session.storedRefreshToken();
    if (stored && stored !== startedWith) {
      session.reload();
      return 'adopted';
    }
    const { refreshToken, tenantId } = session.get();
    if (!refreshToken) throw new HttpError('unauthorized', 0, undefined, 'no refresh token', undefined);
    const response = await deps.http.post<TokenGrant & { error_description?: string }>(
      deps.url ?? REFRESH_URL,
      {
        tenantId,
        refresh_token: refreshToken,
        grant_type: 'refresh_token',
        scope: 'all',
        refTerminal: REF_TERMINAL,
      },
      { refreshCall: true, headers: { [HEADER.tenantId]: tenantId } },
    );
    const grant = response.data;
    if (!grant || typeof grant.access_token !== 'string' || !grant.access_token) {
      throw new HttpError(
        'unauthorized',
        response.status,
        undefined,
        grant?.error_description ?? '',
        response.config,
        grant,
      );
    }
    session.setTokens(grant);
    return 'rotated';
  });
}
