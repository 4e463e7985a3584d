export * from './generic';
export type { FieldLabel, ValidationKey } from './keys';
export { FIELD_LABELS, fieldKey, VALIDATION_KEYS } from './keys';
export * from './password';
export type { Counter, FormResult, ValidationFailure, ValidationParams, ValidationResult } from './result';
export { charCount, counter, validateRequiredPassword, validateRequiredText } from './result';
export type { SanitizableElement, SanitizerVariant } from './sanitize';
export { sanitizeInput, sanitizerVariantFor, stripSet } from './sanitize';
export * from './text';
