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
  const token = config.refreshCall ? '' : state.token;
  const headers = buildHeaders({
    clientId: site.clientId,
    clientSecret: site.clientSecret,
    token,
    hzToken: config.refreshCall ? '' : state.hzToken,
    dataAuthKey: state.dataAuthKey,
    // On the token endpoint Tenant-Id names the tenant being signed in to; a station's must not replace it.
    station: isTokenEndpoint(config.url) ? null : state.subStation,
    appId: typeof state.userInfo?.app_id === 'string' ? state.userInfo.app_id : '',
    language,
  });
  config.headers.delete(HEADER.bladeAuth);
  config.headers.delete(HEADER.hzinfoAuth);
  for (const [name, value] of Object.entries(headers)) {
    if (!config.headers.has(name)) config.headers.set(name, value);
  }
  config.opsSentToken = token;
  config.withCredentials = true;
  if (!config.timeout) config.timeout = config.upload ? UPLOAD_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;
}
