import type { Clock } from '@ops/shared';
import { useState } from 'react';
import { TenantField } from '../shared/forms/fields';
import type { ShellServices } from '../shared/services';
import { phoneLogin } from './auth-api';
import type { ModeProps } from './login-run';
import { PhoneCodeRows } from './phone-code';
import { SignInForm } from './sign-in-form';

export interface PhoneFormProps extends ModeProps {
  services: Pick<ShellServices, 'http' | 'notify'>;
  clock?: Clock;
}

/** Phone and code: the send button counts down 60 s and stays blocked until the end (spec §4). */
export function PhoneForm({
  services,
  tenantId,
  onTenantId,
  tenantLock,
  t,
  busy,
  run,
  clock,
}: PhoneFormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState('');

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
      <TenantField t={t} card value={tenantId} onChange={onTenantId} {...tenantLock} />
      <PhoneCodeRows
        services={services}
        t={t}
        tenantId={tenantId}
        phone={phone}
        onPhone={setPhone}
        code={code}
        onCode={setCode}
        onCodeId={setCodeId}
        clock={clock}
      />
    </SignInForm>
  );
}
