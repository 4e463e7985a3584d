import { PATHS } from '@ops/shared';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { SiteSwitchView } from './site-switch-view';
import { SITE_TEXTS } from './texts';

/** `/site/switch`: the site table as a page; joining goes home. */
export function SiteSwitchPage({ services }: { services: ShellServices }) {
  const { t } = useShellText(SITE_TEXTS);
  return (
    <section className="ops-shell-page ops-site-switch-page" aria-labelledby="ops-site-switch-title">
      <h1 id="ops-site-switch-title">{t('title')}</h1>
      <p className="ops-site-switch__intro">{t('intro')}</p>
      <SiteSwitchView services={services} onJoined={() => services.navigate(PATHS.index)} />
    </section>
  );
}
