import { validateRegister } from '@ops/shared';
import { TextField, useSubmit } from '@ops/ui';
import { AccountField, FormAlert, PasswordInput, TenantField } from '../shared/forms/fields';
import { FormDialog } from '../shared/forms/form-dialog';
import { useFormValues } from '../shared/forms/form-values';
import { errorTextOf, firstFailureText } from '../shared/forms/rules';
import type { Language, ShellServices } from '../shared/services';
import { registerGuest } from './auth-api';
import type { AuthT } from './texts';

export interface RegisterDialogProps {
  services: Pick<ShellServices, 'http' | 'config' | 'notify' | 'session'>;
  tenantId: string;
  oauthId: string;
  lang: Language;
  t: AuthT;
  /** Closed: registered (true) or cancelled (false). */
  onDone: (registered: boolean) => void;
}

/** The third-party register dialog (spec §2, §5 Register): each missing field warns on its own. */
export function RegisterDialog({ services, tenantId, oauthId, t, onDone }: RegisterDialogProps) {
  const { values: form, bind } = useFormValues(
    { tenantId, name: '', account: '', password: '', password2: '' },
    validateRegister,
  );
  const cancel = () => {
    services.session.clear();
    onDone(false);
  };
  const registration = useSubmit(
    () => registerGuest(services.http, { ...form, oauthId }, services.config.aesKey),
    {
      fallback: t('registerFailed'),
      onSuccess: () => {
        services.notify.success(t('registerSuccess'));
        services.session.clear();
        onDone(true);
      },
    },
  );
  const submit = () => {
    const refused = firstFailureText(validateRegister(form));
    if (refused) services.notify.warning(refused);
    else void registration.run();
  };
  return (
    <FormDialog
      title={t('registerTitle')}
      width="460px"
      className="ops-register-dialog"
      onCancel={cancel}
      cancelText={t('cancel')}
      submitText={t('register')}
      onSubmit={submit}
      busy={registration.busy}
      errorText={errorTextOf(t)}
      labelWidth={96}
      intro={<p className="ops-register__hint">{t('registerHint')}</p>}
    >
      <TenantField t={t} {...bind('tenantId')} />
      <TextField label={t('name')} {...bind('name')} />
      <AccountField t={t} {...bind('account')} />
      <PasswordInput t={t} text="password" fresh {...bind('password')} />
      <PasswordInput t={t} text="password2" fresh {...bind('password2')} />
      <FormAlert text={registration.error} className="ops-auth-error" />
    </FormDialog>
  );
}
