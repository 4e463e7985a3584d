export {
  ASSISTANT_TIP_MS,
  FEEDBACK_MAX,
  feedbackCounter,
  validateFeedback,
  validateQuestion,
} from './assistant';
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
export { idCardCheckChar, isIdCard } from './id-card';
export type { FieldLabel, ValidationKey } from './keys';
export { FIELD_LABELS, fieldKey, VALIDATION_KEYS } from './keys';
export type { FieldOptions } from './locale';
export {
  EMAIL_MAX,
  NICK_NAME_MAX,
  REAL_NAME_MAX,
  REAL_NAME_MIN,
  USER_NAME_MAX,
  validateEmail,
  validateIdCard,
  validateImportFile,
  validateLandline,
  validateNickName,
  validatePhone,
  validateRealName,
  validateUrl,
  validateUserName,
} from './locale';
export type { PasswordChangeField, PasswordChangeForm, RegisterField, RegisterForm } from './password';
export {
  OLD_PASSWORD_MAX,
  OLD_PASSWORD_MIN,
  passwordChangeReady,
  validateNewPassword,
  validatePasswordChange,
  validateRegister,
} from './password';
export type { PhoneChangeForm } from './profile';
export { validateAvatarType, validatePhoneChange, validatePhoneForCode } from './profile';
export type { ControlNumberLimits } from './remote-control';
export {
  CONTROL_NAME_MAX,
  CONTROL_NUMBER_MAX,
  coefficientOf,
  controlParamLabel,
  validateControlNumber,
  valueToSend,
} from './remote-control';
export type { Counter, FormResult, ValidationFailure, ValidationParams, ValidationResult } from './result';
export { charCount, counter, validateRequiredPassword, validateRequiredText } from './result';
export type { SanitizableElement, SanitizerVariant } from './sanitize';
export { sanitizeInput, sanitizerVariantFor, stripSet } from './sanitize';
export type { SiteForm, SiteFormField, SiteSearch, SiteSearchField } from './site';
export { SITE_FIELD_MAX, validateSiteField, validateSiteForm, validateSiteSearch } from './site';
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
