import type { Http } from '@ops/shared';
import { readSitePage, type Site } from './rules';

export const SITE_API = { sites: '/api/blade-system/dept/getChildTenantDept' } as const;

/** One page of the tenant's sites (docs/api.md section 9). */
export async function fetchSites(
  http: Http,
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<{ records: Site[]; total: number }> {
  const response = await http.get(SITE_API.sites, { params: query, signal });
  const body = response.data as { data?: unknown };
  return readSitePage(body?.data);
}
