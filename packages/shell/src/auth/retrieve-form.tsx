import { type Clock, type PasswordResetForm, validatePasswordReset } from '@ops/shared';
import { Form, useSubmit } from '@ops/ui';
import { useState } from 'react';
import { FormAlert, PasswordInput, TenantField } from '../shared/forms/fields';
import { useFormValues } from '../shared/forms/form-values';
import { errorTextOf } from '../shared/forms/rules';
import { CardButton } from '../shared/public-frame';
import type { ShellServices } from '../shared/services';
import { retrievePassword } from './auth-api';
import type { ModeProps } from './login-run';
import { PhoneCodeRows } from './phone-code';

export interface RetrieveFormProps extends Pick<ModeProps, 'tenantId' | 'onTenantId' | 'tenantLock' | 't'> {
  services: Pick<ShellServices, 'http' | 'notify' | 'config'>;
  clock?: Clock;
  /** The password is reset: back to the login form, which says so. */
  onDone: () => void;
  onBack: () => void;
}

/**
 * Forgot password (spec §7 retrieve-password, §5): the tenant, the phone and its SMS code, and the new
 * password under the shared policy; the server's refusal is shown as it sends it.
 */
export function RetrieveForm({
  services,
  tenantId,
  onTenantId,
  tenantLock,
  t,
  clock,
  onDone,
  onBack,
}: RetrieveFormProps) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeId, setCodeId] = useState('');
  const { values, bind } = useFormValues<PasswordResetForm>(
    { newPassword: '', confirmPassword: '' },
    (form) => validatePasswordReset(form),
  );
  const reset = useSubmit(
    () =>
      retrievePassword(
        services.http,
        { tenantId: tenantId.trim(), phone: phone.trim(), codeId, code: code.trim(), ...values },
        services.config.aesKey,
      ),
    { fallback: t('retrieveFailed'), onSuccess: onDone },
  );
  return (
    <>
      <h2 className="ops-login__subtitle">{t('retrieveTitle')}</h2>
      <p className="ops-login__hint">{t('retrieveHint')}</p>
      <Form
        onSubmit={() => void reset.run()}
        label={t('retrieveTitle')}
        errorText={errorTextOf(t)}
        busy={reset.busy}
        className="ops-login__form"
      >
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
          phoneText="retrievePhone"
          clock={clock}
        />
        <PasswordInput t={t} text="newPassword" card fresh {...bind('newPassword')} />
        <PasswordInput t={t} text="confirmPassword" card fresh {...bind('confirmPassword')} />
        <FormAlert text={reset.error} className="ops-auth-error" />
        <CardButton type="submit" loading={reset.busy} disabled={reset.busy}>
          {t('retrieveSubmit')}
        </CardButton>
      </Form>
      <button type="button" className="ops-public-card__link" onClick={onBack}>
        {t('backToLogin')}
      </button>
    </>
  );
}
