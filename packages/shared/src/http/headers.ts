import { basicAuthHeader } from '../config/site-config';
import type { HzLanguage } from '../i18n/language';

/** Header names of spec §6-§7. The server accepts the bearer token in either token header. */
export const HEADER = {
  client: 'Authorization',
  bladeAuth: 'Blade-Auth',
  hzinfoAuth: 'Hzinfo-Auth',
  dataAuth: 'Data-Auth',
  tenantId: 'Tenant-Id',
  deptId: 'Dept-Id',
  appId: 'App-Id',
  language: 'Hz-Language',
} as const;

export interface HeaderContext {
  clientId: string;
  clientSecret: string;
  token: string;
  hzToken: string;
  dataAuthKey: string;
  station: { tenantId: string; deptId: string } | null;
  appId: string;
  language: HzLanguage;
}

/** The headers every call carries; empty values are left out rather than sent blank. */
export function buildHeaders(ctx: HeaderContext): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.client]: basicAuthHeader(ctx),
    [HEADER.language]: ctx.language,
  };
  if (ctx.token) headers[HEADER.bladeAuth] = `bearer ${ctx.token}`;
  if (ctx.hzToken || ctx.token) headers[HEADER.hzinfoAuth] = `bearer ${ctx.hzToken || ctx.token}`;
  if (ctx.dataAuthKey) headers[HEADER.dataAuth] = ctx.dataAuthKey;
  if (ctx.station?.tenantId) headers[HEADER.tenantId] = ctx.station.tenantId;
  if (ctx.station?.deptId) headers[HEADER.deptId] = ctx.station.deptId;
  if (ctx.appId) headers[HEADER.appId] = ctx.appId;
  return headers;
}
