import { holdStylesheet } from '@ops/shared';
import { useLayoutEffect } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import href from './overview.css';
import { homeSections } from './overview-rules';
import { AlarmsSection, NoticesSection, PowerChartSection, TenantsSection } from './sections';
import { StationsSection } from './stations';
import { OVERVIEW_TEXTS } from './texts';
import { useViewer } from './use-viewer';

type Services = Pick<ShellServices, 'http' | 'navigate' | 'session' | 'bus'>;

/**
 * `/index`: the home overview an operator opens first (issue 27). A tenant with stations sees their state,
 * the day's power chart, today's alarms (for those who may see alarms) and unread notices; the platform
 * tenant sees the tenants and unread notices. Each section loads on its own.
 */
export function HomePage({ services }: { services: Services }) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t } = useShellText(OVERVIEW_TEXTS);
  const sections = homeSections(useViewer(services), t('alarmsCentreName'));
  return (
    <section className="ops-shell-page ops-overview" aria-labelledby="ops-overview-title">
      <header className="ops-overview__header">
        <h1 id="ops-overview-title">{t(sections.platform ? 'platformTitle' : 'title')}</h1>
        <p>{t(sections.platform ? 'platformIntro' : 'intro')}</p>
      </header>
      {sections.platform ? (
        <div className="ops-overview__grid">
          <TenantsSection services={services} sections={sections} />
          <NoticesSection services={services} />
        </div>
      ) : (
        <div className="ops-overview__grid">
          <StationsSection services={services} sections={sections} />
          <PowerChartSection services={services} />
          {sections.alarms && <AlarmsSection services={services} sections={sections} />}
          <NoticesSection services={services} />
        </div>
      )}
    </section>
  );
}
