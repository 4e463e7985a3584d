import type { PasswordChangeField, PasswordChangeForm } from '@ops/shared';
import { PasswordField, TextField } from '@ops/ui';
import { type Captcha, CaptchaImageButton } from './captcha';
import { passwordChangeFieldRule } from './form-rules';

export const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = {
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
  captcha: '',
};

/**
 * The fields of a password change (spec §5): old, new and confirm, and the captcha with its image. The
 * forced change after a first login and the profile's password tab both use them.
 */
export function PasswordChangeFields({
  form,
  onChange,
  account,
  captcha,
  onRefreshCaptcha,
  captchaClassName,
  t,
}: {
  form: PasswordChangeForm;
  onChange(field: PasswordChangeField, value: string): void;
  /** The signed-in account: the new password must not contain it. */
  account: string;
  captcha: Captcha | null;
  onRefreshCaptcha(): void;
  /** The class of the captcha's row (the page's and the dialog's layouts differ). */
  captchaClassName: string;
  /** Texts with the keys oldPassword, newPassword, confirmPassword, captcha, captchaImage, captchaLoading. */
  t: (key: string) => string;
}) {
  const set = (field: PasswordChangeField) => (value: string) => onChange(field, value);
  const rule = (field: PasswordChangeField) => () => passwordChangeFieldRule(form, account, field);
  return (
    <>
      <PasswordField
        label={t('oldPassword')}
        value={form.oldPassword}
        onChange={set('oldPassword')}
        validate={rule('oldPassword')}
        required
      />
      <PasswordField
        label={t('newPassword')}
        value={form.newPassword}
        onChange={set('newPassword')}
        validate={rule('newPassword')}
        required
        autoComplete="new-password"
      />
      <PasswordField
        label={t('confirmPassword')}
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        validate={rule('confirmPassword')}
        required
        autoComplete="new-password"
      />
      <div className={captchaClassName}>
        <TextField
          label={t('captcha')}
          value={form.captcha}
          onChange={set('captcha')}
          validate={rule('captcha')}
          autoComplete="off"
          required
        />
        <CaptchaImageButton
          captcha={captcha}
          onRefresh={onRefreshCaptcha}
          label={t('captchaImage')}
          loadingText={t('captchaLoading')}
        />
      </div>
    </>
  );
}
