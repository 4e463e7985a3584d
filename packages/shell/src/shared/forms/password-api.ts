import { type Http, loadCrypto } from '@ops/shared';

export interface PasswordUpdate {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
  captcha: string;
  captchaKey?: string;
}

/** update-password: old wire-wrapped, both new copies AES-encrypted; failures reach the caller quietly. */
export async function updatePassword(http: Http, form: PasswordUpdate, aesKey: string): Promise<void> {
  const { encryptAes, wrapPassword } = await loadCrypto();
  const body: Record<string, string> = {
    oldPassword: wrapPassword(form.oldPassword),
    newPassword: encryptAes(form.newPassword, aesKey),
    newPassword1: encryptAes(form.newPassword1, aesKey),
    captcha: form.captcha,
  };
  if (form.captchaKey) body.captchaKey = form.captchaKey;
  await http.post('/api/blade-system/user/update-password', body, { quietCodes: [400] });
}
