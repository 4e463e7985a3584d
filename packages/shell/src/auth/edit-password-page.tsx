import { FormAlert } from '../shared/forms/fields';
import { PasswordChange } from '../shared/forms/password-change';
import { useShellText } from '../shared/i18n';
import { CardButton, PublicFrame } from '../shared/public-frame';
import type { ShellServices } from '../shared/services';
import { usePublicStyles } from '../shared/use-public-styles';
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

  const toLogin = () => {
    services.session.clear();
    services.navigate(`/login?${new URLSearchParams(tenantId ? { tenantId } : {})}`.replace(/\?$/, ''), {
      replace: true,
    });
  };
  return (
    <PublicFrame language={services.language} lang={lang} languageLabel={t('language')}>
      <section className="ops-public-card ops-public-card--wide" aria-labelledby="ops-edit-title">
        <h1 id="ops-edit-title">{t('editTitle')}</h1>
        <p className="ops-public-card__body">{t('editHint')}</p>
        <PasswordChange
          services={services}
          account={account}
          t={t}
          label={t('editTitle')}
          labelWidth={lang === 'en' ? 132 : 84}
          captchaClassName="ops-login__captcha"
          successText={t('editSuccess')}
          failureText={t('editFailed')}
          onChanged={toLogin}
          end={({ error, busy }) => (
            <>
              <FormAlert text={error} className="ops-auth-error" />
              <CardButton type="submit" loading={busy} disabled={busy}>
                {t('submit')}
              </CardButton>
            </>
          )}
        />
        <button type="button" className="ops-public-card__link" onClick={toLogin}>
          {t('backToLogin')}
        </button>
      </section>
    </PublicFrame>
  );
}
