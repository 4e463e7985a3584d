import { isLandline, isMobile, sanitizeInput } from '@ops/shared';
import { SITE_FIELD_MAX, validateSiteField } from '@ops/shared/rules';
import type { ValidationResult } from '@ops/ui';
import type { Site } from './rules';

/**
 * The site form (spec §5: stationId, deptName, linkman required, at most 20 characters) and the calls it
 * makes (docs/api.md section 9: `dept/submit` adds, or edits with `id`; `dept/remove` deletes).
 */
export interface SiteFormValues {
  stationId: string;
  deptName: string;
  linkman: string;
  contactNumber: string;
}

export type SiteFormKey = keyof SiteFormValues;

export const SITE_FORM_FIELDS: readonly SiteFormKey[] = ['stationId', 'deptName', 'linkman', 'contactNumber'];

export const EMPTY_SITE_FORM: SiteFormValues = {
  stationId: '',
  deptName: '',
  linkman: '',
  contactNumber: '',
};

export { SITE_FIELD_MAX };

/** What the dialog edits: a new site, or the row it was opened on. */
export type SiteFormMode = { kind: 'add' } | { kind: 'edit'; site: Site };

export function initialValues(mode: SiteFormMode): SiteFormValues {
  if (mode.kind === 'add') return EMPTY_SITE_FORM;
  const { stationId, deptName, linkman, contactNumber } = mode.site;
  return { stationId, deptName, linkman, contactNumber };
}

/** Typed text as the field keeps it: spec §5's disallowed characters are stripped as they are typed. */
export const typed = (value: string): string => sanitizeInput(value);

/** The i18n key of the contact number's refusal (the site-switch texts). */
export const CONTACT_INVALID = 'contactInvalid';

/**
 * The contact number is optional; filled in, it is a mobile number or a landline (spec §5's generic
 * checks), as the server takes it.
 */
export function checkContact(value: string): ValidationResult {
  const v = value.trim();
  if (!v || isMobile(v) || isLandline(v)) return { ok: true };
  return { ok: false, error: CONTACT_INVALID };
}

/**
 * One field's rule, as the form shows it. The three site fields use the shared site-form rule; its message
 * names the field by the label this form shows (`labelKey`, a fully qualified i18n key).
 */
export function checkSiteFormField(
  field: SiteFormKey,
  value: string,
  labelKey: (field: SiteFormKey) => string,
): ValidationResult {
  if (field === 'contactNumber') return checkContact(value);
  const result = validateSiteField(field, value);
  if (result.ok) return result;
  return { ok: false, error: result.error, params: { ...result.params, field: labelKey(field) } };
}

/** The first failing field in form order, or ok: nothing is sent while one fails. */
export function checkSiteForm(
  values: SiteFormValues,
  labelKey: (field: SiteFormKey) => string,
): { ok: true } | { ok: false; field: SiteFormKey; result: ValidationResult } {
  for (const field of SITE_FORM_FIELDS) {
    const result = checkSiteFormField(field, values[field], labelKey);
    if (!result.ok) return { ok: false, field, result };
  }
  return { ok: true };
}

/** The body of `dept/submit`: the values trimmed, and the row's id when editing. */
export function submitBody(values: SiteFormValues, mode: SiteFormMode): Record<string, string> {
  const body: Record<string, string> = {
    stationId: values.stationId.trim(),
    deptName: values.deptName.trim(),
    linkman: values.linkman.trim(),
    contactNumber: values.contactNumber.trim(),
  };
  return mode.kind === 'edit' ? { id: mode.site.id, ...body } : body;
}
