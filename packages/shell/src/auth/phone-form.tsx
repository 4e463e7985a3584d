import type { Clock, ValidationResult } from '@ops/shared';
import { validatePhone, validatePhoneForCode } from '@ops/shared/rules';
import { Button, TextField, useSubmit } from '@ops/ui';
import { useState } from 'react';
import { createCaptchaCountdown } from '../shared/forms/countdown';
import { TenantField } from '../shared/forms/fields';
import { requiredField, validationText } from '../shared/forms/rules';
import { useCountdown } from '../shared/forms/use-countdown';
import type { ShellServices } from '../shared/services';
import { phoneLogin, sendPhoneCode } from './auth-api';
import type { ModeProps } from './login-run';
import { SignInForm } from './sign-in-form';

/** Spec §5 / DECISIONS 8 mobile, required. */
const mobileField = (value: string): ValidationResult => validatePhone(value, { required: true });

export interface PhoneFormProps extends ModeProps {
  services: Pick<ShellServices, 'http' | 'notify'>;
  clock?: Clock;
}

/** Phone and code: the send button counts down 60 s and stays blocked until the end (spec §4). */
export function PhoneForm({ services, tenantId, onTenantId, t, busy, run, clock }: PhoneFormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState('');
  const { timer, start } = useCountdown(() => createCaptchaCountdown(clock));
  // A refused send says nothing more here: the shared client showed the server's message (429 and the like).
  const sending = useSubmit(() => sendPhoneCode(services.http, phone.trim(), tenantId.trim() || undefined), {
    onSuccess: (id) => {
      setCodeId(id);
      start();
      services.notify.success(t('codeSent'));
    },
  });

  const send = () => {
    if (timer.blocked) return;
    const checked = validatePhoneForCode(phone);
    if (!checked.ok) services.notify.warning(validationText(checked.error, checked.params));
    else void sending.run();
  };

  const submit = () =>
    run(
      () =>
        phoneLogin(services.http, {
          tenantId: tenantId.trim(),
          phone: phone.trim(),
          codeId,
          code: code.trim(),
        }),
      { tenantId: tenantId.trim() },
    );

  return (
    <SignInForm onSubmit={submit} label={t('tabPhone')} t={t} busy={busy}>
      <TenantField t={t} card value={tenantId} onChange={onTenantId} />
      <TextField
        label={t('phone')}
        placeholder={t('phone')}
        value={phone}
        onChange={setPhone}
        validate={mobileField}
        maxLength={11}
        autoComplete="tel"
        required
      />
      <div className="ops-login__captcha">
        <TextField
          label={t('phoneCode')}
          placeholder={t('phoneCode')}
          value={code}
          onChange={setCode}
          validate={requiredField('captcha')}
          maxLength={6}
          autoComplete="one-time-code"
          required
        />
        <Button
          className="ops-login__send"
          size="large"
          disabled={timer.blocked || sending.busy}
          loading={sending.busy}
          onClick={send}
        >
          {timer.blocked ? t('resendIn', { n: timer.left }) : t('sendCode')}
        </Button>
      </div>
    </SignInForm>
  );
}
