import { isMobile } from './generic';
import {
  type FormResult,
  fail,
  firstFailure,
  formResult,
  OK,
  required,
  type ValidationResult,
} from './result';

/** A phone number is needed before a code can be sent, and it must be a mobile number to receive one. */
export function validatePhoneForCode(phone: string | null | undefined): ValidationResult {
  return firstFailure(
    () => required(phone, 'phone'),
    () => (isMobile((phone ?? '').trim()) ? OK : fail('validation.mobileInvalid')),
  );
}

export interface PhoneChangeForm {
  phone: string;
  captcha: string;
}

/** Submitting a phone change needs the phone and the code that was sent to it. */
export function validatePhoneChange(form: Partial<PhoneChangeForm>): FormResult<keyof PhoneChangeForm> {
  return formResult<keyof PhoneChangeForm>([
    ['phone', validatePhoneForCode(form.phone)],
    ['captcha', required(form.captcha, 'captcha')],
  ]);
}

/** Avatars must be images: the file's MIME type starts with `image/` (an unknown type is refused). */
export function validateAvatarType(file: { type?: string | null } | null | undefined): ValidationResult {
  return (file?.type ?? '').toLowerCase().startsWith('image/') ? OK : fail('validation.imageOnly');
}
