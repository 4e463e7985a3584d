import type { Clock, ValidationResult } from '@ops/shared';
import { validatePhone, validatePhoneForCode } from '@ops/shared/rules';
import { Button, TextField, useSubmit } from '@ops/ui';
import { createCaptchaCountdown } from '../shared/forms/countdown';
import { requiredField, validationText } from '../shared/forms/rules';
import { useCountdown } from '../shared/forms/use-countdown';
import type { ShellServices } from '../shared/services';
import { sendPhoneCode } from './auth-api';
import type { AuthT } from './texts';

/** Spec §5 / DECISIONS 8 mobile, required. */
const mobileField = (value: string): ValidationResult => validatePhone(value, { required: true });

export interface PhoneCodeRowsProps {
  services: Pick<ShellServices, 'http' | 'notify'>;
  t: AuthT;
  /** The code is sent for this tenant when one is typed (`phone-code-by-tenantId`). */
  tenantId: string;
  phone: string;
  onPhone: (value: string) => void;
  code: string;
  onCode: (value: string) => void;
  /** The id of the code last sent, which the request that uses the code names. */
  onCodeId: (id: string) => void;
  /** The phone row's label key (the forgot-password form names it differently). */
  phoneText?: 'phone' | 'retrievePhone';
  clock?: Clock;
}

/**
 * The phone and the SMS code with its send button, which counts down 60 s and stays blocked until the end
 * (spec §4 Captcha button): the phone sign-in and the forgot-password form.
 */
export function PhoneCodeRows(props: PhoneCodeRowsProps) {
  const { services, t, tenantId, phone, onPhone, code, onCode, onCodeId, phoneText = 'phone', clock } = props;
  const { timer, start } = useCountdown(() => createCaptchaCountdown(clock));
  // A refused send says nothing more here: the shared client showed the server's message (429 and the like).
  const sending = useSubmit(() => sendPhoneCode(services.http, phone.trim(), tenantId.trim() || undefined), {
    onSuccess: (id) => {
      onCodeId(id);
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
  return (
    <>
      <TextField
        label={t(phoneText)}
        placeholder={t(phoneText)}
        value={phone}
        onChange={onPhone}
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
          onChange={onCode}
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
    </>
  );
}
