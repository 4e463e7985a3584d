/**
 * `@ops/shared/rules`: the domain rules nobody needs before signing in (spec §5 for profiles, sites,
 * locale fields, remote control and the assistant; the assistant's media rules). A bundle of its own in
 * the import map, beside `@ops/shared`, so the login page does not carry them (QUALITY P1). Pure
 * functions: the few helpers they share with `@ops/shared` are bundled with them.
 */

export * from './content';
export * from './i18n/choices';
export * from './notices/notices';
export * from './time/api-time';
export {
  ASSISTANT_TIP_MS,
  FEEDBACK_MAX,
  feedbackCounter,
  validateFeedback,
  validateQuestion,
} from './validators/assistant';
export { idCardCheckChar, isIdCard } from './validators/id-card';
export type { FieldOptions } from './validators/locale';
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
} from './validators/locale';
export * from './validators/profile';
export type { ControlNumberLimits } from './validators/remote-control';
export {
  CONTROL_NAME_MAX,
  CONTROL_NUMBER_MAX,
  coefficientOf,
  controlParamLabel,
  validateControlNumber,
  valueToSend,
} from './validators/remote-control';
export type { SiteForm, SiteFormField, SiteSearch, SiteSearchField } from './validators/site';
export { SITE_FIELD_MAX, validateSiteField, validateSiteForm, validateSiteSearch } from './validators/site';
