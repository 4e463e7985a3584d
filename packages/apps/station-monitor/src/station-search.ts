import type { ValidationFailure } from '@ops/shared';
import { validateSiteSearch } from '@ops/shared/rules';
import { NS } from './texts';

/** The overview's search form: what a person typed, untrimmed. */
export interface StationSearch {
  stationId: string;
  stationName: string;
  linkman: string;
}

export type StationSearchField = keyof StationSearch;

export const EMPTY_SEARCH: StationSearch = { stationId: '', stationName: '', linkman: '' };

/** The form's fields as the site search rule (spec §5: tenant id, tenant name, linkman) names them. */
const AS_SITE = { tenantId: 'stationId', tenantName: 'stationName', linkman: 'linkman' } as const;

export type SearchCheck = { ok: true } | (ValidationFailure & { field: StationSearchField });

/**
 * The site search rule of spec §5 on the overview's form: every field at most 20 characters, else the
 * search is cancelled with a warning naming the first such field by this form's label (the failure's
 * `field` param is the label's text key, so `validationMessage` makes the sentence).
 */
export function validateStationSearch(search: StationSearch): SearchCheck {
  const result = validateSiteSearch({
    tenantId: search.stationId,
    tenantName: search.stationName,
    linkman: search.linkman,
  });
  if (result.ok) return { ok: true };
  const field = AS_SITE[result.field];
  return { ...result, params: { ...result.params, field: `${NS}:field.${field}` }, field };
}

/**
 * The query of the site list call for a page and a search (docs/api.md section 9): blank fields do not
 * filter and are left out; the others go as typed.
 */
export function stationQuery(
  search: StationSearch,
  page: number,
  size: number,
): Record<string, string | number> {
  const query: Record<string, string | number> = { current: page, size };
  if (search.stationId.trim()) query.stationId = search.stationId;
  if (search.stationName.trim()) query.deptName = search.stationName;
  if (search.linkman.trim()) query.linkman = search.linkman;
  return query;
}
