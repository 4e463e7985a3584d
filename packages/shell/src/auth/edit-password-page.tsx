import { type PasswordChangeForm, validatePasswordChange } from '@ops/shared';
import { Form } from '@ops/ui';
import { useState } from 'react';
import { useShellText } from '../shared/i18n';
import { CardButton, PublicFrame } from '../shared/public-frame';
import type { ShellServices } from '../shared/services';
import { usePublicStyles } from '../shared/use-public-styles';
import { alreadyShown, failureMessage, updatePassword } from './auth-api';
import { useCaptcha } from './captcha';
import { errorTextOf, validationText } from './form-rules';
import { EMPTY_PASSWORD_CHANGE, PasswordChangeFields } from './password-change-fields';
import { AUTH_TEXTS } from './texts';

/**
 * `/editPassword?tenantId=`: the forced password change after a first login (spec §4, §5). Every rule
 * runs through the shared validators; success signs out and returns to login; failure shows the server's
 * message.
 */
export function EditPasswordPage({ services, search }: { services: ShellServices; search: string }) {
  usePublicStyles();
  const { t, lang } = useShellText(AUTH_TEXTS);
  const tenantId = new URLSearchParams(search).get('tenantId') ?? services.session.get().tenantId;
  const account = String(services.session.get().userInfo?.account ?? '');
  const [form, setForm] = useState<PasswordChangeForm>(EMPTY_PASSWORD_CHANGE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { http } = services;
  const { captcha, refresh } = useCaptcha(http, () => setForm((f) => ({ ...f, captcha: '' })));

  const toLogin = () => {
    services.session.clear();
    services.navigate(`/login?${new URLSearchParams(tenantId ? { tenantId } : {})}`.replace(/\?$/, ''), {
      replace: true,
    });
  };
  const submit = async () => {
    const result = validatePasswordChange(form, account);
    if (!result.ok) {
      services.notify.error(validationText(result.first.error, result.first.params));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await updatePassword(
        http,
        {
          oldPassword: form.oldPassword,
          newPassword: form.newPassword,
          newPassword1: form.confirmPassword,
          captcha: form.captcha.trim(),
          captchaKey: captcha?.key,
        },
        services.config.aesKey,
      );
      services.notify.success(t('editSuccess'));
      toLogin();
    } catch (cause) {
      if (!alreadyShown(cause)) {
        const message = failureMessage(cause) || t('editFailed');
        setError(message);
        services.notify.error(message);
      }
      refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublicFrame language={services.language} lang={lang} languageLabel={t('language')}>
      <section className="ops-public-card ops-public-card--wide" aria-labelledby="ops-edit-title">
        <h1 id="ops-edit-title">{t('editTitle')}</h1>
        <p className="ops-public-card__body">{t('editHint')}</p>
        <Form
          onSubmit={submit}
          label={t('editTitle')}
          errorText={errorTextOf(t)}
          labelWidth={lang === 'en' ? 132 : 84}
          busy={busy}
        >
          <PasswordChangeFields
            form={form}
            onChange={(field, value) => setForm((f) => ({ ...f, [field]: value }))}
            account={account}
            captcha={captcha}
            onRefreshCaptcha={refresh}
            captchaClassName="ops-login__captcha"
            t={t}
          />
          {error && (
            <p className="ops-auth-error" role="alert">
              {error}
            </p>
          )}
          <CardButton type="submit" loading={busy} disabled={busy}>
            {t('submit')}
          </CardButton>
        </Form>
        <button type="button" className="ops-public-card__link" onClick={toLogin}>
          {t('backToLogin')}
        </button>
      </section>
    </PublicFrame>
  );
}
