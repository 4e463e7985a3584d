/**
 * The shared-core functions these pages use that `@ops/shared` does not export from its barrel yet
 * (crypto, button permissions, the spec §5 password rules). Same names, signatures and results as in
 * packages/shared/src/{crypto,permissions,validators}; once the barrel exports them, this file becomes
 * `export { ... } from '@ops/shared'` and nothing else changes.
 */
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { md5 } from 'js-md5';

// ---- crypto (docs/api.md section 2) ----

export const md5Hex = (text: string): string => md5(text);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  let out = '';
  const bytes = new Uint8Array(16);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte >= 248) continue;
      out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** 6 random [A-Za-z0-9] + md5hex(password) + 6 random: 44 characters. */
export function wrapPassword(password: string): string {
  return randomAlphanumeric(6) + md5Hex(password) + randomAlphanumeric(6);
}

/** Wrapped, or the plain md5hex on the force-login retry that carries a uuid. */
export function loginPassword(password: string, forceLoginRetry = false): string {
  return forceLoginRetry ? md5Hex(password) : wrapPassword(password);
}

/** AES-128-ECB, PKCS#7, key = UTF-8 bytes of the site config's aesKey, base64 out. */
export function encryptAes(text: string, key: string): string {
  return AES.encrypt(Utf8.parse(text), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}

export function shouldEncryptUsername(
  systemParams: { isSystemAuthentication?: string | number | null } | null | undefined,
  noMd5?: boolean,
): boolean {
  const flag = systemParams?.isSystemAuthentication;
  return (flag === '1' || flag === 1) && !noMd5;
}

// ---- permissions (spec §6) ----

export interface ButtonNode {
  code?: string | null;
  children?: readonly ButtonNode[] | null;
  [field: string]: unknown;
}

/** The leaf codes of a `menu/buttons` tree as a permission map. */
export function buttonPermissions(tree: readonly ButtonNode[] | ButtonNode | null | undefined) {
  const map: Record<string, true> = {};
  const stack: unknown[] = Array.isArray(tree) ? [...tree] : tree ? [tree] : [];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    const { code, children } = node as ButtonNode;
    if (Array.isArray(children) && children.length > 0) stack.push(...children);
    else if (typeof code === 'string' && code !== '') map[code] = true;
  }
  return map;
}

// ---- validators (spec §5; failures are keys of the shared `common` namespace) ----

export type ValidationFailure = { ok: false; error: string; params?: Record<string, string | number> };
export type ValidationResult = { ok: true } | ValidationFailure;
export type FormResult<F extends string> =
  | { ok: true }
  | { ok: false; errors: Partial<Record<F, ValidationFailure>>; first: ValidationFailure & { field: F } };

const OK = { ok: true } as const;
const fail = (error: string, params?: Record<string, string | number>): ValidationFailure =>
  params ? { ok: false, error, params } : { ok: false, error };
const fieldKey = (field: string) => `common:field.${field}`;
const charCount = (value: string) => [...value].length;
const present = (value: string, field: string): ValidationResult =>
  value ? OK : fail('validation.required', { field: fieldKey(field) });
const requiredText = (value: string | undefined, field: string): ValidationResult =>
  (value ?? '').trim() === '' ? fail('validation.required', { field: fieldKey(field) }) : OK;
const lengthBetween = (value: string, min: number, max: number, field: string): ValidationResult => {
  const n = charCount(value);
  return n < min || n > max ? fail('validation.lengthBetween', { field: fieldKey(field), min, max }) : OK;
};
function firstFailure(...rules: Array<() => ValidationResult>): ValidationResult {
  for (const rule of rules) {
    const result = rule();
    if (!result.ok) return result;
  }
  return OK;
}
function formResult<F extends string>(checks: ReadonlyArray<readonly [F, ValidationResult]>): FormResult<F> {
  const errors: Partial<Record<F, ValidationFailure>> = {};
  let first: (ValidationFailure & { field: F }) | undefined;
  for (const [field, result] of checks) {
    if (result.ok) continue;
    errors[field] = result;
    first ??= { ...result, field };
  }
  return first ? { ok: false, errors, first } : OK;
}

export function passwordClassCount(password: string): number {
  return [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
}
const containsAccount = (password: string, account: string | null | undefined) =>
  !!account && password.toLowerCase().includes(account.toLowerCase());

export function validateNewPassword(
  password: string,
  account: string | null | undefined,
  field = 'newPassword',
) {
  return firstFailure(
    () => present(password, field),
    () => lengthBetween(password, 8, 16, field),
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

export function validatePasswordChange(
  form: Partial<PasswordChangeForm>,
  account: string | null | undefined,
): FormResult<PasswordChangeField> {
  const oldPassword = form.oldPassword ?? '';
  const newPassword = form.newPassword ?? '';
  const confirmPassword = form.confirmPassword ?? '';
  if (!oldPassword || !newPassword || !confirmPassword) {
    return formResult<PasswordChangeField>([
      ['oldPassword', present(oldPassword, 'oldPassword')],
      ['newPassword', present(newPassword, 'newPassword')],
      ['confirmPassword', present(confirmPassword, 'confirmPassword')],
    ]);
  }
  return formResult<PasswordChangeField>([
    ['oldPassword', lengthBetween(oldPassword, 4, 16, 'oldPassword')],
    ['newPassword', validateNewPassword(newPassword, account)],
    [
      'confirmPassword',
      firstFailure(
        () => lengthBetween(confirmPassword, 8, 16, 'confirmPassword'),
        () => (passwordClassCount(confirmPassword) >= 3 ? OK : fail('validation.passwordClasses')),
        () => (confirmPassword === newPassword ? OK : fail('validation.passwordMismatch')),
      ),
    ],
    ['captcha', requiredText(form.captcha, 'captcha')],
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

export function validateRegister(form: Partial<RegisterForm>): FormResult<RegisterField> {
  const password = form.password ?? '';
  const password2 = form.password2 ?? '';
  return formResult<RegisterField>([
    ['tenantId', requiredText(form.tenantId, 'tenantId')],
    ['account', requiredText(form.account, 'account')],
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
