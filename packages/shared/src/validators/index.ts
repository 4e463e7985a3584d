export {
  containsAccount,
  isEmail,
  isEmpty,
  isLandline,
  isMobile,
  isUrl,
  isValidPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordClassCount,
} from './generic';
export type { FieldLabel, ValidationKey } from './keys';
export { FIELD_LABELS, fieldKey, VALIDATION_KEYS } from './keys';
export type { PasswordChangeField, PasswordChangeForm, RegisterField, RegisterForm } from './password';
export {
  OLD_PASSWORD_MAX,
  OLD_PASSWORD_MIN,
  passwordChangeReady,
  validateNewPassword,
  validatePasswordChange,
  validateRegister,
} from './password';
export type { Counter, FormResult, ValidationFailure, ValidationParams, ValidationResult } from './result';
export { charCount, counter, validateRequiredPassword, validateRequiredText } from './result';
export type { SanitizableElement, SanitizerVariant } from './sanitize';
export { sanitizeInput, sanitizerVariantFor, stripSet } from './sanitize';
export type { EllipsisText } from './text';
export {
  ELLIPSIS_AT,
  ellipsis,
  NAME_MAX,
  nameCounter,
  validateIndexTitle,
  validateLockPassword,
  validateSystemName,
} from './text';
