import { charCount, isEmail, isLandline, isMobile } from '@ops/shared';

/**
 * The field rules the system pages' forms share (spec §5, DECISIONS 7-8, docs/api.md section 1). Each
 * answers OK or the key of a text of this app (`rules.*`), shown under the field it checks. The reference
 * server's route schemas hold the same rules (test-support/rule-cases.ts keeps them equal).
 */
export type RuleResult = { ok: true } | { ok: false; error: string; params?: Record<string, unknown> };
export type Rule = (value: string) => RuleResult;

export const OK: RuleResult = Object.freeze({ ok: true });
export const fail = (error: string, params?: Record<string, unknown>): RuleResult =>
  params ? { ok: false, error, params } : { ok: false, error };

/** A whole number from 0 to `max` (a sort order), else `error` with `{ max }`. */
export const wholeNumber =
  (max: number, error: string): Rule =>
  (value) => {
    const n = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
    return n >= 0 && n <= max ? OK : fail(error, { max });
  };

/** The first failing rule, or OK. */
export const all =
  (...rules: Rule[]): Rule =>
  (value) => {
    for (const rule of rules) {
      const result = rule(value);
      if (!result.ok) return result;
    }
    return OK;
  };

/** Empty passes: the rule applies to a value only (an optional field). */
export const optional =
  (rule: Rule): Rule =>
  (value) =>
    value === '' ? OK : rule(value);

/** Something other than blanks. */
export const required: Rule = (value) => (value.trim() === '' ? fail('rules.required') : OK);

/** At most `max` characters (code points, as the server counts). */
export const maxChars =
  (max: number): Rule =>
  (value) =>
    charCount(value) > max ? fail('rules.maxChars', { max }) : OK;

export const charsBetween =
  (min: number, max: number): Rule =>
  (value) => {
    const n = charCount(value);
    return n < min || n > max ? fail('rules.charsBetween', { min, max }) : OK;
  };

/** Shown text refuses `<`, `>` and backtick (docs/api.md section 1). */
export const shownText: Rule = (value) => (/[<>`]/.test(value) ? fail('rules.shownText') : OK);

/** A text the console shows: at most `max` characters, no markup characters. */
export const text = (max: number): Rule => all(maxChars(max), shownText);

export const mobile: Rule = (value) => (isMobile(value) ? OK : fail('rules.mobile'));

/** A mobile number or a landline (spec §5 generic checks). */
export const contactNumber: Rule = (value) =>
  isMobile(value) || isLandline(value) ? OK : fail('rules.contactNumber');

export const email: Rule = all(maxChars(40), shownText, (value) =>
  isEmail(value) ? OK : fail('rules.email'),
);

/** Matches a whole pattern, or fails with `error`. */
export const matches =
  (pattern: RegExp, error: string): Rule =>
  (value) =>
    pattern.test(value) ? OK : fail(error);

/** Trims every text of a form: what the form checks and sends. */
export function trimmed<F extends object>(form: F): F {
  return Object.fromEntries(
    Object.entries(form).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as F;
}

/** The first search field that is too long (the search is then not sent), or null. */
export function tooLongSearch<F extends string>(
  search: Record<F, string>,
  limits: Record<F, number>,
): { field: F; max: number } | null {
  for (const field of Object.keys(limits) as F[]) {
    if ([...search[field].trim()].length > limits[field]) return { field, max: limits[field] };
  }
  return null;
}
