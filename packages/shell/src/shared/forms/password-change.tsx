import { type PasswordChangeForm, passwordChangeReady, validatePasswordChange } from '@ops/shared';
import { Form, useSubmit } from '@ops/ui';
import type { ReactNode } from 'react';
import type { ShellT } from '../i18n';
import type { ShellServices } from '../services';
import { CaptchaField, useCaptcha } from './captcha';
import { PasswordInput } from './fields';
import { useFormValues } from './form-values';
import { updatePassword } from './password-api';
import { errorTextOf, firstFailureText } from './rules';

export const EMPTY_PASSWORD_CHANGE: PasswordChangeForm = {
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
  captcha: '',
};

/** What the end of the form shows: the refusal and the submit button, in the page's or the dialog's way. */
export interface PasswordChangeEnd {
  error: string;
  busy: boolean;
  /** Old, new and confirm are all filled (the rules run from then on). */
  ready: boolean;
}

export interface PasswordChangeProps {
  services: Pick<ShellServices, 'http' | 'config' | 'notify'>;
  /** The signed-in account: the new password must not contain it. */
  account: string;
  /**
   * The caller's texts, with the keys oldPassword, newPassword, confirmPassword, captcha, captchaImage and
   * captchaLoading.
   */
  t: ShellT;
  /** The form's accessible name. */
  label: string;
  labelWidth: number;
  /** The class of the captcha's row (the page's and the dialog's layouts differ). */
  captchaClassName: string;
  /** The toast once the password is changed. */
  successText: string;
  /** The refusal's text when the server's answer carries no message. */
  failureText: string;
  /** After the change and its toast: the server ended every session of the account. */
  onChanged: () => unknown;
  /** A refusal also empties the old password, to be typed again. */
  clearOldOnFailure?: boolean;
  /** Above the fields (a hint). */
  intro?: ReactNode;
  end: (state: PasswordChangeEnd) => ReactNode;
}

/**
 * The password change (spec §5): old, new and confirm, and the captcha with its image; every rule is the
 * shared validator's, the first failure also a toast; a refusal is said inline and as a toast, and brings a
 * new captcha. The forced change after a first login and the profile's password tab are this form.
 */
export function PasswordChange({
  services,
  account,
  t,
  label,
  labelWidth,
  captchaClassName,
  successText,
  failureText,
  onChanged,
  clearOldOnFailure = false,
  intro,
  end,
}: PasswordChangeProps) {
  const {
    values: form,
    setValues: setForm,
    bind,
  } = useFormValues<PasswordChangeForm>(EMPTY_PASSWORD_CHANGE, (values) =>
    validatePasswordChange(values, account),
  );
  const { captcha, refresh } = useCaptcha(services.http, () => setForm((f) => ({ ...f, captcha: '' })));
  const change = useSubmit(
    async () => {
      await updatePassword(
        services.http,
        {
          oldPassword: form.oldPassword,
          newPassword: form.newPassword,
          newPassword1: form.confirmPassword,
          captcha: form.captcha.trim(),
          captchaKey: captcha?.key,
        },
        services.config.aesKey,
      );
      services.notify.success(successText);
      await onChanged();
    },
    {
      fallback: failureText,
      notify: (text) => services.notify.error(text),
      onFailure: () => {
        if (clearOldOnFailure) setForm((f) => ({ ...f, oldPassword: '' }));
        refresh();
      },
    },
  );
  const submit = () => {
    const refused = firstFailureText(validatePasswordChange(form, account));
    if (refused) services.notify.error(refused);
    else void change.run();
  };
  return (
    <Form
      onSubmit={submit}
      label={label}
      errorText={errorTextOf(t)}
      labelWidth={labelWidth}
      busy={change.busy}
    >
      {intro}
      <PasswordInput t={t} text="oldPassword" {...bind('oldPassword')} />
      <PasswordInput t={t} text="newPassword" fresh {...bind('newPassword')} />
      <PasswordInput t={t} text="confirmPassword" fresh {...bind('confirmPassword')} />
      <CaptchaField
        t={t}
        className={captchaClassName}
        captcha={captcha}
        onRefresh={refresh}
        {...bind('captcha')}
      />
      {end({ error: change.error, busy: change.busy, ready: passwordChangeReady(form) })}
    </Form>
  );
}
