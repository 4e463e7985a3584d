import { isEmpty } from './generic';
import { type FieldLabel, fieldKey, type ValidationKey } from './keys';

export type ValidationParams = Record<string, string | number>;

/** A failed rule: an i18n key (namespace `common`) and its interpolation values, never a sentence. */
export interface ValidationFailure {
  ok: false;
  error: ValidationKey;
  params?: ValidationParams;
}

export type ValidationResult = { ok: true } | ValidationFailure;

/** A whole form: per-field failures, and the first one in field order for a single warning toast. */
export type FormResult<F extends string> =
  | { ok: true }
  | {
      ok: false;
      errors: Partial<Record<F, ValidationFailure>>;
      first: ValidationFailure & { field: F };
    };

export const OK: { ok: true } = Object.freeze({ ok: true });

export function fail(error: ValidationKey, params?: ValidationParams): ValidationFailure {
  return params ? { ok: false, error, params } : { ok: false, error };
}

/**
 * Length in characters as a reader counts them (code points), so an emoji or a rare CJK character
 * counts once; the server counts the same way.
 */
export function charCount(value: string): number {
  let count = 0;
  for (const _ of value) count++;
  return count;
}

/** The first `max` characters (code points) of a text. */
export function takeChars(value: string, max: number): string {
  return Array.from(value).slice(0, Math.max(0, max)).join('');
}

/** Nothing but whitespace (or nothing at all). */
export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

/**
 * Whether a required text field (not a password) is missing: its value is empty by DECISIONS 11 (null,
 * undefined, '', 'null', 'undefined'; the words only in that exact spelling), or it is whitespace only.
 * DECISIONS 11's "whitespace is not trimmed" is about the generic emptiness check, where ' ' is a value;
 * a required field asks for an answer, and '   ' answers nothing: no tenant id, account, captcha or
 * name is made of spaces alone. The value itself is still passed on as typed, untrimmed.
 */
export const isMissingText = (value: string | null | undefined): boolean => isEmpty(value) || isBlank(value);

/** A required text field: `validation.required` naming the field when it is missing (see isMissingText). */
export function validateRequiredText(value: string | null | undefined, field: FieldLabel): ValidationResult {
  return isMissingText(value) ? fail('validation.required', { field: fieldKey(field) }) : OK;
}

/** The shared forms' name for a required text field. */
export const required = validateRequiredText;

/**
 * A required password: passwords are never trimmed or sanitised (DECISIONS 6), so only an empty value is
 * missing; '   ' and even 'null' are passwords someone chose.
 */
export function validateRequiredPassword(
  value: string | null | undefined,
  field: FieldLabel,
): ValidationResult {
  return value ? OK : fail('validation.required', { field: fieldKey(field) });
}

export function maxLength(
  value: string | null | undefined,
  max: number,
  field: FieldLabel,
): ValidationResult {
  return charCount(value ?? '') > max ? fail('validation.maxLength', { field: fieldKey(field), max }) : OK;
}

export function lengthBetween(value: string, min: number, max: number, field: FieldLabel): ValidationResult {
  const n = charCount(value);
  return n < min || n > max ? fail('validation.lengthBetween', { field: fieldKey(field), min, max }) : OK;
}

/** The first failing rule, or OK. Rules are thunks so later ones do not run after a failure. */
export function firstFailure(...rules: Array<() => ValidationResult>): ValidationResult {
  for (const rule of rules) {
    const result = rule();
    if (!result.ok) return result;
  }
  return OK;
}

/** Collects per-field results (in the order given) into a form result. */
export function formResult<F extends string>(
  checks: ReadonlyArray<readonly [F, ValidationResult]>,
): FormResult<F> {
  const errors: Partial<Record<F, ValidationFailure>> = {};
  let first: (ValidationFailure & { field: F }) | undefined;
  for (const [field, result] of checks) {
    if (result.ok) continue;
    errors[field] = result;
    first ??= { ...result, field };
  }
  return first ? { ok: false, errors, first } : OK;
}

/** `count/max` for the character counters under limited fields. */
export interface Counter {
  count: number;
  max: number;
  over: boolean;
  text: string;
}

export function counter(value: string | null | undefined, max: number): Counter {
  const count = charCount(value ?? '');
  return { count, max, over: count > max, text: `${count}/${max}` };
}
