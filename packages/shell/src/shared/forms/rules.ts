import {
  type FormResult,
  t as translate,
  type ValidationResult,
  validateRequiredPassword,
  validateRequiredText,
} from '@ops/shared';
import type { ShellT } from '../i18n';

/**
 * The shell's form rules are the shared validators (one rule for each fact, DECISIONS 7-12); these only
 * bind a field name, or read a whole-form check for one field.
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

/** The form's error texts: shared validation keys from the shared texts, the form's own from `t`. */
export function errorTextOf(t: ShellT) {
  return (key: string, params?: Record<string, unknown>) =>
    key.startsWith('validation.') ? validationText(key, params) : t(key, params);
}

/** One field's part of a whole-form check: its failure, or ok when the check names another field. */
export function fieldOf<F extends string>(result: FormResult<F>, field: F): ValidationResult {
  return result.ok || !result.errors[field] ? { ok: true } : result.errors[field]!;
}

/** The sentence of a whole-form check's first failure (the one warning a submit shows), '' when it passes. */
export function firstFailureText(result: FormResult<string>): string {
  return result.ok ? '' : validationText(result.first.error, result.first.params);
}
