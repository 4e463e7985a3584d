import type { Http } from '@ops/shared';
import { readSite, readSitePage, type Site } from './rules';

/** The site calls (docs/api.md section 9). */
export const SITE_API = {
  sites: '/api/blade-system/dept/getChildTenantDept',
  submit: '/api/blade-system/dept/submit',
  remove: '/api/blade-system/dept/remove',
} as const;

/** Refusals the site form shows itself, in the form: a bad field, no permission, an unknown site. */
const FORM_REFUSALS = [400, 403, 404] as const;

/** One page of the tenant's sites. */
export async function fetchSites(
  http: Http,
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<{ records: Site[]; total: number }> {
  const response = await http.get(SITE_API.sites, { params: query, signal });
  const body = response.data as { data?: unknown };
  return readSitePage(body?.data);
}

/** Adds a site, or edits the one `body.id` names; answers the saved site. Refusals reach the caller quietly. */
export async function submitSite(http: Http, body: Record<string, string>): Promise<Site> {
  const response = await http.post(SITE_API.submit, body, { quietCodes: FORM_REFUSALS });
  const data = (response.data as { data?: unknown })?.data;
  return readSite(data && typeof data === 'object' ? (data as Record<string, unknown>) : {});
}

/** Deletes a site; a refusal shows as the console's error message (spec §8). */
export async function removeSite(http: Http, id: string): Promise<void> {
  await http.post(SITE_API.remove, { ids: id });
}
