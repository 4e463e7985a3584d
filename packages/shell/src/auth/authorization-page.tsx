import { PATHS, safeRedirect, withRedirect } from '@ops/shared';
import { useShellText } from '../shared/i18n';
import { CardButton, PublicFrame } from '../shared/public-frame';
import type { ShellServices } from '../shared/services';
import { usePublicStyles } from '../shared/use-public-styles';
import { AUTH_TEXTS, productTitle } from './texts';

/** `/authorization`: the public entry without a token. Leads to `/login`, keeping a safe `redirect`. */
export function AuthorizationPage({ services, search }: { services: ShellServices; search: string }) {
  usePublicStyles();
  const { t, lang } = useShellText(AUTH_TEXTS);
  const query = new URLSearchParams(search);
  const redirect = safeRedirect(query.get('redirect'));
  const tenantId = query.get('tenantId');
  const target = withRedirect(PATHS.login, redirect, tenantId ? { tenantId } : undefined);
  return (
    <PublicFrame language={services.language} lang={lang} languageLabel={t('language')}>
      <section className="ops-public-card" aria-labelledby="ops-auth-title">
        <h1 id="ops-auth-title">
          {t('authTitle')} · {productTitle(lang, services.config.title, t)}
        </h1>
        <p className="ops-public-card__body">{t('authBody')}</p>
        {redirect && redirect !== PATHS.home && (
          <p className="ops-public-card__body">{t('authTarget', { path: redirect })}</p>
        )}
        <CardButton onClick={() => services.navigate(target)}>{t('toLogin')}</CardButton>
      </section>
    </PublicFrame>
  );
}
