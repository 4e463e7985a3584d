import type { InternalAxiosRequestConfig } from 'axios';
import './axios-config';
import type { HzLanguage } from '../i18n/language';
import type { SessionState } from '../session/state';
import { buildHeaders, HEADER } from './headers';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const UPLOAD_TIMEOUT_MS = 60_000;

export const isTokenEndpoint = (url: string | undefined) =>
  /\/oauth\/token(\/refresh)?(\?|$)/.test(url ?? '');

export type RequestSessionView = Pick<
  SessionState,
  'token' | 'hzToken' | 'tenantId' | 'dataAuthKey' | 'subStation' | 'userInfo'
>;

/**
 * The console's headers for a call to `url`, from the session as it is now, and the bearer token they
 * carry. The refresh call carries no bearer token; on the token endpoint Tenant-Id names the tenant being
 * signed in to, so a station's must not replace it.
 */
export function sessionHeaders(
  url: string | undefined,
  state: RequestSessionView,
  site: { clientId: string; clientSecret: string },
  language: HzLanguage,
  refreshCall = false,
): { headers: Record<string, string>; token: string } {
  const token = refreshCall ? '' : state.token;
  const headers = buildHeaders({
    clientId: site.clientId,
    clientSecret: site.clientSecret,
    token,
    hzToken: refreshCall ? '' : state.hzToken,
    dataAuthKey: state.dataAuthKey,
    station: isTokenEndpoint(url) ? null : state.subStation,
    appId: typeof state.userInfo?.app_id === 'string' ? state.userInfo.app_id : '',
    language,
  });
  return { headers, token };
}

/**
 * Puts the console's headers, credentials and timeout on a call. The bearer headers always come from the
 * current session (a retried call goes out with the new token); other headers the caller set win (the
 * login's own Tenant-Id, captcha headers). The refresh call carries no bearer token.
 */
export function prepareRequest(
  config: InternalAxiosRequestConfig,
  state: RequestSessionView,
  site: { clientId: string; clientSecret: string },
  language: HzLanguage,
): void {
  const { headers, token } = sessionHeaders(config.url, state, site, language, config.refreshCall);
  config.headers.delete(HEADER.bladeAuth);
  config.headers.delete(HEADER.hzinfoAuth);
  for (const [name, value] of Object.entries(headers)) {
    if (!config.headers.has(name)) config.headers.set(name, value);
  }
  config.opsSentToken = token;
  config.withCredentials = true;
  if (!config.timeout) config.timeout = config.upload ? UPLOAD_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
}

/**
 * The same for a `fetch` call (streams): the URL joined to `baseURL`, the console's headers with the
 * bearer tokens from the session and the caller's other headers winning, JSON in, events out.
 */
export function prepareFetch(
  request: { url: string; headers?: Record<string, string>; body?: unknown },
  state: RequestSessionView,
  site: { clientId: string; clientSecret: string },
  language: HzLanguage,
  baseURL?: string,
): { url: string; headers: Headers; token: string } {
  const own = sessionHeaders(request.url, state, site, language);
  const headers = new Headers(request.headers);
  headers.delete(HEADER.bladeAuth);
  headers.delete(HEADER.hzinfoAuth);
  for (const [name, value] of Object.entries(own.headers)) {
    if (!headers.has(name)) headers.set(name, value);
  }
  if (request.body !== undefined && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  if (!headers.has('Accept')) headers.set('Accept', 'text/event-stream');
  return { url: joinURL(baseURL, request.url), headers, token: own.token };
}

/** `baseURL` joined to a relative URL the way axios joins them; absolute URLs are left alone. */
export function joinURL(baseURL: string | undefined, url: string): string {
  if (!baseURL || /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url;
  return `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}
