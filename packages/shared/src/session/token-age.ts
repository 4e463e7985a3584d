import type { Clock } from './clock';
import type { SessionState } from './state';

/** Spec §9: token time 3000 (seconds, DECISIONS 5), checked every 10 s. */
export const DEFAULT_TOKEN_TIME_SEC = 3000;
export const TOKEN_CHECK_INTERVAL_MS = 10_000;

/** Whether the access token has reached the token time and a refresh should start now. */
export function isTokenDue(
  state: Pick<SessionState, 'token' | 'refreshToken' | 'tokenTime'>,
  now: number,
  tokenTimeSec: number,
  refreshing: boolean,
): boolean {
  if (refreshing || !state.token || !state.refreshToken) return false;
  return now - state.tokenTime >= tokenTimeSec * 1000;
}

export interface TokenAgeCheckOptions {
  session: { get(): Pick<SessionState, 'token' | 'refreshToken' | 'tokenTime'> };
  clock: Clock;
  /** Starts the (single-flight) refresh. */
  refresh: () => Promise<unknown>;
  isRefreshing: () => boolean;
  tokenTimeSec?: number;
  intervalMs?: number;
}

/** Checks the token age on an interval and starts a refresh when due; returns the function that stops it. */
export function startTokenAgeCheck(options: TokenAgeCheckOptions): () => void {
  const tokenTime = options.tokenTimeSec ?? DEFAULT_TOKEN_TIME_SEC;
  return options.clock.setInterval(() => {
    const state = options.session.get();
    if (!isTokenDue(state, options.clock.now(), tokenTime, options.isRefreshing())) return;
    // A failed refresh is handled (logout, message) by whoever owns the refresh; nothing to add here.
    options.refresh().catch(() => undefined);
  }, options.intervalMs ?? TOKEN_CHECK_INTERVAL_MS);
}
