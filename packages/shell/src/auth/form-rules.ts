import {
  type PasswordChangeField,
  type PasswordChangeForm,
  t as translate,
  type ValidationResult,
  validatePasswordChange,
  validateRequiredPassword,
  validateRequiredText,
} from '@ops/shared';
import type { AuthT } from './texts';

/**
 * The sign-in forms' field rules are the shared validators (one rule for each fact, DECISIONS 7-12);
 * these only bind a field name.
 */
export const requiredField =
  (field: string) =>
  (value: string): ValidationResult =>
    validateRequiredText(value, field as never);

/** A required password (never trimmed: only the empty string is missing). */
export const requiredPassword =
  (field: string) =>
  (value: string): ValidationResult =>
    validateRequiredPassword(value, field as never);

/** A shared validator's sentence (`validation.*` keys of the shared texts), in the current language. */
export const validationText = (key: string, params?: Record<string, unknown>): string =>
  translate(key, params);

/** The form's error texts: shared validation keys from the shared texts, the page's own from `t`. */
export function errorTextOf(t: AuthT) {
  return (key: string, params?: Record<string, unknown>) =>
    key.startsWith('validation.') ? validationText(key, params) : t(key, params);
}

/**
 * One field of the password change (spec §5): the shared rule for the whole form, read for that field (the
 * rules run once old, new and confirm are all filled; before that only "required").
 */
export function passwordChangeFieldRule(
  form: PasswordChangeForm,
  account: string,
  field: PasswordChangeField,
): ValidationResult {
  const result = validatePasswordChange(form, account);
  return result.ok || !result.errors[field] ? { ok: true } : result.errors[field]!;
}
