import type { FieldLabel } from './keys';
import {
  type FormResult,
  firstFailure,
  formResult,
  maxLength,
  OK,
  required,
  type ValidationFailure,
} from './result';

/** Every site search and site form field is limited to 20 characters (spec §9). */
export const SITE_FIELD_MAX = 20;

export interface SiteSearch {
  tenantId?: string | null;
  tenantName?: string | null;
  linkman?: string | null;
}

export type SiteSearchField = keyof SiteSearch;

const SEARCH_FIELDS: SiteSearchField[] = ['tenantId', 'tenantName', 'linkman'];

/**
 * The search is cancelled when any field is too long; the warning names the first such field (in form
 * order) by its label. Empty fields simply do not filter.
 */
export function validateSiteSearch(
  search: SiteSearch,
): { ok: true } | (ValidationFailure & { field: SiteSearchField }) {
  for (const field of SEARCH_FIELDS) {
    const result = maxLength(search[field], SITE_FIELD_MAX, field);
    if (!result.ok) return { ...result, field };
  }
  return OK;
}

export interface SiteForm {
  stationId: string;
  deptName: string;
  linkman: string;
}

export type SiteFormField = keyof SiteForm;

/** One site-form field: required (whitespace-only is missing) and at most 20 characters. */
export function validateSiteField(field: SiteFormField, value: string | null | undefined) {
  const label: FieldLabel = field;
  return firstFailure(
    () => required(value, label),
    () => maxLength(value, SITE_FIELD_MAX, label),
  );
}

export function validateSiteForm(form: Partial<SiteForm>): FormResult<SiteFormField> {
  return formResult(
    (['stationId', 'deptName', 'linkman'] as const).map((f) => [f, validateSiteField(f, form[f])] as const),
  );
}
