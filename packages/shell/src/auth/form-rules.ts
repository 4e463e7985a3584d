import type { Language } from '../shared/services';
import type { AuthT } from './texts';
import { validationText } from './validation-texts';

type Result = { ok: true } | { ok: false; error: string; params?: Record<string, unknown> };

/** A required text field (whitespace counts as missing), worded by the shared `validation.required`. */
export const requiredField =
  (field: string) =>
  (value: string): Result =>
    value.trim() === ''
      ? { ok: false, error: 'validation.required', params: { field: `common:field.${field}` } }
      : { ok: true };

/** A required password (never trimmed: only the empty string is missing). */
export const requiredPassword =
  (field: string) =>
  (value: string): Result =>
    value === ''
      ? { ok: false, error: 'validation.required', params: { field: `common:field.${field}` } }
      : { ok: true };

/** Spec §5 mobile: 11 digits, 13x-19x (154 excluded, DECISIONS 8). */
export const MOBILE = /^1(3\d|4[0-35-9]|5[0-35-9]|[6-9]\d)\d{8}$/;

export const mobileField = (value: string): Result => {
  if (value.trim() === '') return requiredField('phone')(value);
  return MOBILE.test(value.trim()) ? { ok: true } : { ok: false, error: 'phoneInvalid' };
};

/** The form's error texts: shared validation keys from the validation table, the page's own from `t`. */
export function errorTextOf(lang: Language, t: AuthT) {
  return (key: string, params?: Record<string, unknown>) =>
    key.startsWith('validation.') ? validationText(lang, key, params) : t(key as Parameters<AuthT>[0]);
}
