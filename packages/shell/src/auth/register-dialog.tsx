import { type RegisterField, validateRegister } from '@ops/shared';
import { Button, Dialog, Form, PasswordField, TextField } from '@ops/ui';
import { useId, useState } from 'react';
import type { Language, ShellServices } from '../shared/services';
import { alreadyShown, failureMessage, registerGuest } from './auth-api';
import { errorTextOf, validationText } from './form-rules';
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
  const [form, setForm] = useState({ tenantId, name: '', account: '', password: '', password2: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const set = (field: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));
  const rule = (field: RegisterField) => () => {
    const result = validateRegister(form);
    return result.ok || !result.errors[field] ? { ok: true as const } : result.errors[field]!;
  };
  const cancel = () => {
    services.session.clear();
    onDone(false);
  };
  const submit = async () => {
    const result = validateRegister(form);
    if (!result.ok) {
      services.notify.warning(validationText(result.first.error, result.first.params));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await registerGuest(services.http, { ...form, oauthId }, services.config.aesKey);
      services.notify.success(t('registerSuccess'));
      services.session.clear();
      onDone(true);
    } catch (cause) {
      if (!alreadyShown(cause)) setError(failureMessage(cause) || t('registerFailed'));
    } finally {
      setBusy(false);
    }
  };
  const formId = useId();
  return (
    <Dialog
      open
      label={t('registerTitle')}
      width="460px"
      className="ops-register-dialog"
      onClose={cancel}
      footer={
        <>
          <Button onClick={cancel}>{t('cancel')}</Button>
          <Button variant="primary" type="submit" form={formId} loading={busy}>
            {t('register')}
          </Button>
        </>
      }
    >
      <p className="ops-register__hint">{t('registerHint')}</p>
      <Form
        id={formId}
        onSubmit={submit}
        label={t('registerTitle')}
        errorText={errorTextOf(t)}
        labelWidth={96}
        busy={busy}
      >
        <TextField
          label={t('tenantId')}
          value={form.tenantId}
          onChange={set('tenantId')}
          validate={rule('tenantId')}
          required
        />
        <TextField label={t('name')} value={form.name} onChange={set('name')} />
        <TextField
          label={t('account')}
          value={form.account}
          onChange={set('account')}
          validate={rule('account')}
          required
          autoComplete="username"
        />
        <PasswordField
          label={t('password')}
          value={form.password}
          onChange={set('password')}
          validate={rule('password')}
          required
          autoComplete="new-password"
        />
        <PasswordField
          label={t('password2')}
          value={form.password2}
          onChange={set('password2')}
          validate={rule('password2')}
          required
          autoComplete="new-password"
        />
        {error && (
          <p className="ops-auth-error" role="alert">
            {error}
          </p>
        )}
      </Form>
    </Dialog>
  );
}
