import type { Clock, ValidationResult } from '@ops/shared';
import { validatePhone, validatePhoneForCode } from '@ops/shared/rules';
import { Button, Form, TextField } from '@ops/ui';
import { useEffect, useState } from 'react';
import { CardButton } from '../shared/public-frame';
import type { Language, ShellServices } from '../shared/services';
import { phoneLogin, sendPhoneCode } from './auth-api';
import { type CountdownState, createCaptchaCountdown } from './captcha-countdown';
import { errorTextOf, requiredField, validationText } from './form-rules';

/** Spec §5 / DECISIONS 8 mobile, required. */
const mobileField = (value: string): ValidationResult => validatePhone(value, { required: true });

import type { LoginRun } from './login-run';
import type { AuthT } from './texts';

export interface PhoneFormProps {
  services: Pick<ShellServices, 'http' | 'notify'>;
  tenantId: string;
  onTenantId: (value: string) => void;
  lang: Language;
  t: AuthT;
  busy: boolean;
  run: LoginRun;
  clock?: Clock;
}

/** Phone and code: the send button counts down 60 s and stays blocked until the end (spec §4). */
export function PhoneForm({ services, tenantId, onTenantId, t, busy, run, clock }: PhoneFormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState('');
  const [sending, setSending] = useState(false);
  const [countdown] = useState(() => createCaptchaCountdown(clock));
  const [timer, setTimer] = useState<CountdownState>(() => countdown.state());
  useEffect(() => {
    const stop = countdown.subscribe(setTimer);
    return () => {
      stop();
      countdown.dispose();
    };
  }, [countdown]);

  const send = async () => {
    if (timer.blocked || sending) return;
    const checked = validatePhoneForCode(phone);
    if (!checked.ok) {
      services.notify.warning(validationText(checked.error, checked.params));
      return;
    }
    setSending(true);
    try {
      setCodeId(await sendPhoneCode(services.http, phone.trim(), tenantId.trim() || undefined));
      countdown.start();
      services.notify.success(t('codeSent'));
    } catch {
      // The shared client showed the server's message (429 and the like).
    } finally {
      setSending(false);
    }
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
    <Form
      onSubmit={submit}
      label={t('tabPhone')}
      errorText={errorTextOf(t)}
      busy={busy}
      className="ops-login__form"
    >
      <TextField
        label={t('tenantId')}
        placeholder={t('tenantId')}
        value={tenantId}
        onChange={onTenantId}
        validate={requiredField('tenantId')}
        required
      />
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
          disabled={timer.blocked || sending}
          loading={sending}
          onClick={send}
        >
          {timer.blocked ? t('resendIn', { n: timer.left }) : t('sendCode')}
        </Button>
      </div>
      <CardButton type="submit" loading={busy} disabled={busy}>
        {t('login')}
      </CardButton>
    </Form>
  );
}
