import type { Http } from '@ops/shared';
import { getData, idsParam, num, type Page, parsePage, postJson, postParams, type Row, text } from '../api';
import type { SettingForm } from './tenant-rules';
import { settingParams } from './tenant-rules';

/** The tenant calls (docs/api.md section 10). */
const BASE = '/api/blade-system/tenant';

export interface Tenant {
  id: string;
  tenantId: string;
  tenantName: string;
  kind: string;
  domain: string;
  linkman: string;
  contactNumber: string;
  address: string;
  accountNumber: number;
  expireTime: string;
  stationFlag: boolean;
  visualFlag: boolean;
}

export const readTenant = (row: Row): Tenant => ({
  id: text(row.id),
  tenantId: text(row.tenantId),
  tenantName: text(row.tenantName),
  kind: text(row.kind),
  domain: text(row.domain),
  linkman: text(row.linkman),
  contactNumber: text(row.contactNumber),
  address: text(row.address),
  accountNumber: num(row.accountNumber) ?? -1,
  expireTime: text(row.expireTime),
  stationFlag: num(row.stationFlag) === 1,
  visualFlag: num(row.visualFlag) === 1,
});

export interface TenantQuery {
  current: number;
  size: number;
  tenantId: string;
  tenantName: string;
}

export async function fetchTenants(
  http: Http,
  query: TenantQuery,
  signal: AbortSignal,
): Promise<Page<Tenant>> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
  return parsePage(await getData(http, `${BASE}/list`, params, signal), readTenant);
}

export const submitTenant = (http: Http, body: unknown) => postJson(http, `${BASE}/submit`, body);

export const removeTenants = (http: Http, ids: string[]) =>
  postParams(http, `${BASE}/remove`, { ids: idsParam(ids) });

export const applySetting = (http: Http, ids: readonly string[], form: SettingForm) =>
  postParams(http, `${BASE}/setting`, settingParams(ids, form));
