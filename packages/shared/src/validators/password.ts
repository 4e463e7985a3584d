import { containsAccount, PASSWORD_MAX, PASSWORD_MIN, passwordClassCount } from './generic';
import type { FieldLabel } from './keys';
import {
  type FormResult,
  fail,
  firstFailure,
  formResult,
  lengthBetween,
  OK,
  required,
  type ValidationResult,
  validateRequiredPassword,
} from './result';

export const OLD_PASSWORD_MIN = 4;
export const OLD_PASSWORD_MAX = 16;

/** Passwords are never trimmed or sanitised: only the empty string is missing. */
const present = validateRequiredPassword;

/** The new-password policy: 8-16 characters, 3 of 4 classes, not containing the account (any case). */
export function validateNewPassword(
  password: string,
  account: string | null | undefined,
  field: FieldLabel = 'newPassword',
): ValidationResult {
  return firstFailure(
    () => present(password, field),
    () => lengthBetween(password, PASSWORD_MIN, PASSWORD_MAX, field),
    () => (passwordClassCount(password) >= 3 ? OK : fail('validation.passwordClasses')),
    () => (containsAccount(password, account) ? fail('validation.passwordContainsAccount') : OK),
  );
}

export interface PasswordChangeForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  captcha: string;
}

export type PasswordChangeField = keyof PasswordChangeForm;

/** The rules run only once old, new and confirm are all filled (spec §5). */
export function passwordChangeReady(form: Partial<PasswordChangeForm>): boolean {
  return !!form.oldPassword && !!form.newPassword && !!form.confirmPassword;
}

/**
 * Until old, new and confirm are all filled, only the missing ones are reported as required. Then: old
 * 4-16; new per the policy; confirm 8-16 with 3 classes and equal to new; captcha required.
 */
export function validatePasswordChange(
  form: Partial<PasswordChangeForm>,
  account: string | null | undefined,
): FormResult<PasswordChangeField> {
  const oldPassword = form.oldPassword ?? '';
  const newPassword = form.newPassword ?? '';
  const confirmPassword = form.confirmPassword ?? '';
  if (!passwordChangeReady(form)) {
    return formResult([
      ['oldPassword', present(oldPassword, 'oldPassword')],
      ['newPassword', present(newPassword, 'newPassword')],
      ['confirmPassword', present(confirmPassword, 'confirmPassword')],
    ]);
  }
  return formResult<PasswordChangeField>([
    ['oldPassword', lengthBetween(oldPassword, OLD_PASSWORD_MIN, OLD_PASSWORD_MAX, 'oldPassword')],
    ['newPassword', validateNewPassword(newPassword, account)],
    ['confirmPassword', validateConfirmPassword(confirmPassword, newPassword)],
    ['captcha', required(form.captcha, 'captcha')],
  ]);
}

/** The confirmation of a new password: 8-16 with 3 classes, and equal to the new one. */
function validateConfirmPassword(confirmPassword: string, newPassword: string): ValidationResult {
  return firstFailure(
    () => lengthBetween(confirmPassword, PASSWORD_MIN, PASSWORD_MAX, 'confirmPassword'),
    () => (passwordClassCount(confirmPassword) >= 3 ? OK : fail('validation.passwordClasses')),
    () => (confirmPassword === newPassword ? OK : fail('validation.passwordMismatch')),
  );
}

export interface PasswordResetForm {
  newPassword: string;
  confirmPassword: string;
}

/**
 * A new password chosen without the old one (forgot password, spec §7 retrieve-password): the policy of
 * the password change and its confirmation. The account is not known before the server finds it by the
 * phone, so "must not contain the account" is the server's to check (its message is shown).
 */
export function validatePasswordReset(
  form: Partial<PasswordResetForm>,
  account?: string | null,
): FormResult<keyof PasswordResetForm> {
  const newPassword = form.newPassword ?? '';
  const confirmPassword = form.confirmPassword ?? '';
  return formResult<keyof PasswordResetForm>([
    ['newPassword', validateNewPassword(newPassword, account)],
    [
      'confirmPassword',
      firstFailure(
        () => present(confirmPassword, 'confirmPassword'),
        () => validateConfirmPassword(confirmPassword, newPassword),
      ),
    ],
  ]);
}

export interface RegisterForm {
  tenantId: string;
  name?: string;
  account: string;
  password: string;
  password2: string;
}

export type RegisterField = 'tenantId' | 'account' | 'password' | 'password2';

/**
 * Each missing field has its own warning (the field is named). The password is held to the same policy
 * the server enforces on registration, so the user learns it before the round trip; password2 must match.
 */
export function validateRegister(form: Partial<RegisterForm>): FormResult<RegisterField> {
  const password = form.password ?? '';
  const password2 = form.password2 ?? '';
  return formResult<RegisterField>([
    ['tenantId', required(form.tenantId, 'tenantId')],
    ['account', required(form.account, 'account')],
    ['password', validateNewPassword(password, form.account, 'password')],
    [
      'password2',
      firstFailure(
        () => present(password2, 'password2'),
        () => (!password || password2 === password ? OK : fail('validation.passwordMismatch')),
      ),
    ],
  ]);
}
