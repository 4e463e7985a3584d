/**
 * Every i18n key a validator can return. They live in the shared `common` namespace (see i18n/common.ts),
 * which a test keeps complete in zh and en. Field labels are keys too (`common:field.*`), so a message can
 * name the field in the reader's language.
 */
export const VALIDATION_KEYS = [
  'validation.required',
  'validation.maxLength',
  'validation.lengthBetween',
  'validation.lockPasswordRequired',
  'validation.passwordClasses',
  'validation.passwordMismatch',
  'validation.passwordContainsAccount',
  'validation.notNumber',
  'validation.numberTooLong',
  'validation.belowMin',
  'validation.aboveMax',
  'validation.mobileInvalid',
  'validation.emailInvalid',
  'validation.urlInvalid',
  'validation.landlineInvalid',
  'validation.idCardInvalid',
  'validation.imageOnly',
  'validation.importFileType',
  'validation.questionEmpty',
  'validation.replyInProgress',
] as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[number];

/** Labels of the fields that validators name in their messages (`common:field.<name>`). */
export const FIELD_LABELS = [
  'tenantId',
  'tenantName',
  'linkman',
  'stationId',
  'deptName',
  'indexTitle',
  'manageSystemName',
  'visualSystemName',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'captcha',
  'account',
  'password',
  'password2',
  'phone',
  'realName',
  'userName',
  'nickName',
  'email',
  'idCard',
  'feedback',
  'value',
] as const;

export type FieldLabel = (typeof FIELD_LABELS)[number];

/** The key of a field label, fully qualified so it resolves from any namespace. */
export const fieldKey = (field: FieldLabel): `common:field.${FieldLabel}` => `common:field.${field}`;
