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

/** Text fields (not passwords) treat whitespace-only input as missing. */
export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

export function required(value: string | null | undefined, field: FieldLabel): ValidationResult {
  return isBlank(value) ? fail('validation.required', { field: fieldKey(field) }) : OK;
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
