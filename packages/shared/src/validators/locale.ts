import { isEmail, isLandline, isMobile, isUrl } from './generic';
import { isIdCard } from './id-card';
import {
  fail,
  firstFailure,
  isBlank,
  lengthBetween,
  maxLength,
  OK,
  required,
  type ValidationResult,
} from './result';

/** DECISIONS 7 and spec §5 limits of the personal-info forms. */
export const REAL_NAME_MIN = 2;
export const REAL_NAME_MAX = 5;
export const USER_NAME_MAX = 10;
export const NICK_NAME_MAX = 20;
export const EMAIL_MAX = 40;

export interface FieldOptions {
  /** When false (the default), an empty value passes: whether a field is mandatory is the form's call. */
  required?: boolean;
}

type Label = Parameters<typeof required>[1];

/**
 * A required field first passes the required-text rule (so 'null' is missing there); then a blank value
 * passes and anything else goes to `check`, trimmed. An optional field does not take the word 'null' for
 * empty: it is checked like any other typed text.
 */
function optional(
  value: string | null | undefined,
  field: Label,
  options: FieldOptions,
  check: (v: string) => ValidationResult,
): ValidationResult {
  if (options.required) {
    const present = required(value, field);
    if (!present.ok) return present;
  }
  if (isBlank(value)) return OK;
  return check((value ?? '').trim());
}

export const validateRealName = (value: string | null | undefined, options: FieldOptions = {}) =>
  optional(value, 'realName', options, (v) => lengthBetween(v, REAL_NAME_MIN, REAL_NAME_MAX, 'realName'));

export const validateUserName = (value: string | null | undefined, options: FieldOptions = {}) =>
  optional(value, 'userName', options, (v) => maxLength(v, USER_NAME_MAX, 'userName'));

export const validateNickName = (value: string | null | undefined, options: FieldOptions = {}) =>
  optional(value, 'nickName', options, (v) => maxLength(v, NICK_NAME_MAX, 'nickName'));

/** Phone: 11 digits with a mobile prefix (DECISIONS 8). */
export const validatePhone = (value: string | null | undefined, options: FieldOptions = {}) =>
  optional(value, 'phone', options, (v) => (isMobile(v) ? OK : fail('validation.mobileInvalid')));

export const validateEmail = (value: string | null | undefined, options: FieldOptions = {}) =>
  optional(value, 'email', options, (v) =>
    firstFailure(
      () => maxLength(v, EMAIL_MAX, 'email'),
      () => (isEmail(v) ? OK : fail('validation.emailInvalid')),
    ),
  );

export const validateIdCard = (value: string | null | undefined, options: FieldOptions = {}, today?: Date) =>
  optional(value, 'idCard', options, (v) => (isIdCard(v, today) ? OK : fail('validation.idCardInvalid')));

export const validateLandline = (value: string | null | undefined, options: FieldOptions = {}) =>
  optional(value, 'phone', options, (v) => (isLandline(v) ? OK : fail('validation.landlineInvalid')));

export const validateUrl = (value: string | null | undefined, options: FieldOptions = {}) =>
  optional(value, 'value', options, (v) => (isUrl(v) ? OK : fail('validation.urlInvalid')));

/** Imports take Excel workbooks only: a file name ending in .xls or .xlsx, any case. */
export function validateImportFile(
  file: { name?: string | null } | string | null | undefined,
): ValidationResult {
  const name = typeof file === 'string' ? file : (file?.name ?? '');
  return /\.xlsx?$/i.test(name) ? OK : fail('validation.importFileType');
}
