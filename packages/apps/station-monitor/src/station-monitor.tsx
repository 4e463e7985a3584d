import { type HostProps, registerTexts } from '@ops/shared';
import { useTranslation } from 'react-i18next';

registerTexts('station-monitor', {
  zh: { title: '电站监视', body: '演示子应用：由菜单加载到主视图。' },
  en: { title: 'Station monitor', body: 'Demo sub-app, loaded from the menu into the main view.' },
});

/** Demo sub-app mounted at /station-monitor. Station data arrives once the reference server serves it. */
export function StationMonitor({ i18n }: HostProps) {
  const { t } = useTranslation('station-monitor', { i18n });
  return (
    <article className="ops-station-monitor" aria-labelledby="ops-station-monitor-title">
      <h1 id="ops-station-monitor-title">{t('title')}</h1>
      <p>{t('body')}</p>
    </article>
  );
}
