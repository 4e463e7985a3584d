import type { SubStation, ValidationFailure } from '@ops/shared';
import { hasPermission, PERMISSION } from '@ops/shared';
import { SITE_FIELD_MAX, validateSiteSearch } from '@ops/shared/rules';

/** Spec §9: the site table pages by 10. */
export const SITE_PAGE_SIZE = 10;
export { SITE_FIELD_MAX };

/** The site search form (spec §5): what a person typed, untrimmed. */
export interface SiteSearchForm {
  stationId: string;
  deptName: string;
  linkman: string;
}

export type SiteSearchField = keyof SiteSearchForm;

export const EMPTY_SEARCH: SiteSearchForm = { stationId: '', deptName: '', linkman: '' };

/** The form's fields as the shared site search rule names them (tenant id, tenant name, linkman). */
const AS_FORM = { tenantId: 'stationId', tenantName: 'deptName', linkman: 'linkman' } as const;

export type SearchCheck = { ok: true } | (ValidationFailure & { field: SiteSearchField });

/**
 * Spec §5: every search field at most 20 characters; a longer one cancels the search and the warning
 * names the first such field (form order) by its label.
 */
export function checkSiteSearch(search: SiteSearchForm): SearchCheck {
  const result = validateSiteSearch({
    tenantId: search.stationId,
    tenantName: search.deptName,
    linkman: search.linkman,
  });
  if (result.ok) return { ok: true };
  return { ...result, field: AS_FORM[result.field] };
}

/** The paging and search the table shows: a new search goes back to page 1. */
export interface SiteTableState {
  applied: SiteSearchForm;
  page: number;
}

export const INITIAL_TABLE: SiteTableState = { applied: EMPTY_SEARCH, page: 1 };

/** Applies a search if it passes the rule; otherwise the state stays as it was (the search is cancelled). */
export function applySearch(
  state: SiteTableState,
  search: SiteSearchForm,
): { state: SiteTableState; check: SearchCheck } {
  const check = checkSiteSearch(search);
  return { state: check.ok ? { applied: { ...search }, page: 1 } : state, check };
}

/** Moves to a page within 1..pages (pages of 10 of `total`); anything else keeps the page. */
export function goToPage(state: SiteTableState, page: number, total: number): SiteTableState {
  const pages = Math.max(1, Math.ceil(total / SITE_PAGE_SIZE));
  if (!Number.isInteger(page) || page < 1 || page > pages) return state;
  return { ...state, page };
}

/** After the list changed (a site deleted), a page past the last one moves back to the last. */
export function clampPage(state: SiteTableState, total: number): SiteTableState {
  const pages = Math.max(1, Math.ceil(total / SITE_PAGE_SIZE));
  return state.page > pages ? { ...state, page: pages } : state;
}

/** The query of `getChildTenantDept` (docs/api.md section 9): blank fields do not filter. */
export function siteQuery(state: SiteTableState): Record<string, string | number> {
  const query: Record<string, string | number> = { current: state.page, size: SITE_PAGE_SIZE };
  const { stationId, deptName, linkman } = state.applied;
  if (stationId.trim()) query.stationId = stationId.trim();
  if (deptName.trim()) query.deptName = deptName.trim();
  if (linkman.trim()) query.linkman = linkman.trim();
  return query;
}

/** A row of the site table. */
export interface Site {
  id: string;
  stationId: string;
  deptName: string;
  linkman: string;
  contactNumber: string;
  tenantId: string;
  /** The server saw this station in the call's station headers. */
  joined: boolean;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export function readSite(record: Record<string, unknown>): Site {
  return {
    id: text(record.id),
    stationId: text(record.stationId),
    deptName: text(record.deptName),
    linkman: text(record.linkman),
    contactNumber: text(record.contactNumber),
    tenantId: text(record.tenantId),
    joined: record.joined === true,
  };
}

export function readSitePage(data: unknown): { records: Site[]; total: number } {
  const page = (data ?? {}) as { records?: unknown; total?: unknown };
  const records = Array.isArray(page.records)
    ? page.records.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object').map(readSite)
    : [];
  const total = typeof page.total === 'number' && page.total >= 0 ? page.total : records.length;
  return { records, total };
}

/**
 * What the button permissions allow (spec §6, switch_*): joining a site needs `switch_view`; the 新增
 * button `switch_add`, a row's 编辑 `switch_edit` and its 删除 `switch_delete`.
 */
export function siteActions(permission: Readonly<Record<string, unknown>> | null | undefined): {
  join: boolean;
  add: boolean;
  edit: boolean;
  remove: boolean;
} {
  return {
    join: hasPermission(permission, PERMISSION.switchView),
    add: hasPermission(permission, PERMISSION.switchAdd),
    edit: hasPermission(permission, PERMISSION.switchEdit),
    remove: hasPermission(permission, PERMISSION.switchDelete),
  };
}

/**
 * Whether a row may be deleted: not the site the console is on (the server refuses that too; the
 * console offers it only after returning to the main site).
 */
export function canRemove(site: Site): boolean {
  return !site.joined;
}

/**
 * The site is the one the console is on now, as the server saw the call's station headers (its `joined`
 * mark): the table shows what the server will scope by, not what the console believes.
 */
export function isCurrentSite(site: Site): boolean {
  return site.joined;
}

/**
 * What joining a site changes in the session: the sub-station, whose tenant and dept ids go out as the
 * station headers on later calls (so the session context ends with `station-switch`). Nothing else.
 */
export function joinChange(site: Site): { subStation: SubStation } {
  return {
    subStation: {
      id: site.id,
      name: site.deptName,
      tenantId: site.tenantId,
      deptId: site.id,
      stationId: site.stationId,
    },
  };
}

/**
 * After an edit of the site the console is on, the sub-station takes the new name and station id (the
 * chrome's badge shows them); its ids stay, so this is no station switch. Null for any other site.
 */
export function renamedStation(
  current: SubStation | null | undefined,
  saved: Site,
): { subStation: SubStation } | null {
  if (!current || current.deptId !== saved.id) return null;
  if (current.name === saved.deptName && current.stationId === saved.stationId) return null;
  return { subStation: { ...current, name: saved.deptName, stationId: saved.stationId } };
}

/** What returning to the main site changes (spec §4): no sub-station (tags and home are the chrome's). */
export const RETURN_CHANGE: { subStation: null } = { subStation: null };

export { stationLabel } from './station-label';
