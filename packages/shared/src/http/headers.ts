import type { HzLanguage } from './texts';

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

/** Base64 of UTF-8 text (`btoa` alone refuses anything beyond Latin-1). */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${base64(`${clientId}:${clientSecret}`)}`;
}

/** The headers every call carries; empty values are left out rather than sent blank. */
export function buildHeaders(ctx: HeaderContext): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.client]: basicAuthorization(ctx.clientId, ctx.clientSecret),
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
