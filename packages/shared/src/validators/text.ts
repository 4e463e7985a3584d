import {
  type Counter,
  charCount,
  counter,
  fail,
  maxLength,
  OK,
  takeChars,
  type ValidationResult,
} from './result';

/** Index title and the manage / visual system names (spec §5, §9). */
export const NAME_MAX = 50;
/** Overflowing table text is cut beyond this many characters (the tooltip shows it whole). */
export const ELLIPSIS_AT = 20;
const ELLIPSIS = '…';

/** A lock password is a password: never trimmed, so any non-empty input counts (DECISIONS 6). */
export function validateLockPassword(password: string | null | undefined): ValidationResult {
  return password ? OK : fail('validation.lockPasswordRequired');
}

export function validateIndexTitle(value: string | null | undefined): ValidationResult {
  return maxLength(value, NAME_MAX, 'indexTitle');
}

export function validateSystemName(
  value: string | null | undefined,
  which: 'manageSystemName' | 'visualSystemName',
): ValidationResult {
  return maxLength(value, NAME_MAX, which);
}

/** The `n/50` counter under the index title and system-name fields. */
export const nameCounter = (value: string | null | undefined): Counter => counter(value, NAME_MAX);

export interface EllipsisText {
  /** What to show: the text itself, or its first `max` characters and an ellipsis. */
  text: string;
  /** True when characters were cut, so the view offers the full text as a tooltip. */
  truncated: boolean;
  full: string;
}

/** Text longer than `max` characters is cut to `max` and ends in an ellipsis; exactly `max` is kept. */
export function ellipsis(text: string | null | undefined, max: number = ELLIPSIS_AT): EllipsisText {
  const full = text ?? '';
  if (charCount(full) <= max) return { text: full, truncated: false, full };
  return { text: takeChars(full, max) + ELLIPSIS, truncated: true, full };
}
