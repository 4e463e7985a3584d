import { validatePhoneChange, validatePhoneForCode } from '@ops/shared/rules';
import { Button, TextField, useSubmit } from '@ops/ui';
import { useState } from 'react';
import { createCaptchaCountdown } from '../shared/forms/countdown';
import { firstFailureText, requiredField, validationText } from '../shared/forms/rules';
import { useCountdown } from '../shared/forms/use-countdown';
import type { ShellT } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { sendPhoneCode, updatePhone } from './api';
import { TabForm } from './form-parts';
import type { ProfileUser } from './rules';

/** The phone tab (IMS): a new phone, its SMS code (the send button counts down 60 s) and the change. */
export function PhoneTab({
  services,
  t,
  user,
  onSaved,
}: {
  services: ShellServices;
  t: ShellT;
  user: ProfileUser | null;
  onSaved(user: ProfileUser): void;
}) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState('');
  const { timer, start } = useCountdown(() => createCaptchaCountdown());
  const failed = { fallback: t('phoneFailed'), notify: (text: string) => services.notify.error(text) };
  const sending = useSubmit(async () => {
    save.setError('');
    setCodeId(await sendPhoneCode(services.http, phone));
    start();
    services.notify.success(t('codeSent'));
  }, failed);
  const save = useSubmit(async () => {
    sending.setError('');
    await updatePhone(services.http, phone, code, codeId);
    services.notify.success(t('phoneSaved'));
    if (user) onSaved({ ...user, phone: phone.trim() });
    setPhone('');
    setCode('');
  }, failed);
  const send = () => {
    const check = validatePhoneForCode(phone);
    if (!check.ok) {
      const text = validationText(check.error, check.params);
      save.setError('');
      sending.setError(text);
      services.notify.warning(text);
      return;
    }
    void sending.run();
  };
  const submit = () => {
    const refused = firstFailureText(validatePhoneChange({ phone, captcha: code }));
    if (refused) services.notify.warning(refused);
    else void save.run();
  };
  return (
    <TabForm
      label={t('tabPhone')}
      onSubmit={submit}
      error={save.error || sending.error}
      busy={save.busy}
      saveLabel={t('savePhone')}
    >
      <TextField
        label={t('newPhone')}
        value={phone}
        onChange={setPhone}
        validate={() => validatePhoneForCode(phone)}
        required
        autoComplete="tel"
      />
      <div className="ops-profile__captcha">
        <TextField
          label={t('phoneCode')}
          value={code}
          onChange={setCode}
          validate={requiredField('captcha')}
          required
          autoComplete="one-time-code"
        />
        <Button onClick={send} disabled={timer.blocked}>
          {timer.blocked ? t('resendIn', { seconds: timer.left }) : t('sendCode')}
        </Button>
      </div>
    </TabForm>
  );
}
