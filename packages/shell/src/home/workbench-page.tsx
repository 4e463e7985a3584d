import { holdStylesheet } from '@ops/shared';
import { useLoad, useUnmountSignal } from '@ops/ui/load';
import { useLayoutEffect } from 'react';
import { fetchDefaultStation } from '../profile/api';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { useSessionState } from '../shared/use-session';
import { joinChange, siteActions } from '../site-switch/rules';
import href from './overview.css';
import { homeSections, type StationStatus } from './overview-rules';
import { AlarmsSection, NoticesSection } from './sections';
import { StationsSection } from './stations';
import { OVERVIEW_TEXTS } from './texts';
import { useViewer } from './use-viewer';

type Services = Pick<ShellServices, 'http' | 'navigate' | 'session' | 'bus' | 'notify'>;

/**
 * `/site/index`: the workbench home of the account znywpt (spec §2). The tenant's stations as cards with
 * their state, the one the console is on and the user's default one marked, each with the site switch's
 * join (the same session change as the site table's), beside the open alarms and unread notices.
 */
export function SiteWorkbenchPage({ services }: { services: Services }) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t } = useShellText(OVERVIEW_TEXTS);
  const session = useSessionState(services);
  const sections = homeSections(useViewer(services), t('alarmsCentreName'));
  const signal = useUnmountSignal();
  const userId = session.userInfo?.user_id ?? '';
  // The default station only marks a card: when it cannot be read, no card is marked.
  const preferred = useLoad(
    () => (userId ? fetchDefaultStation(services.http, userId) : Promise.resolve('')),
    userId,
    signal,
  );
  const join = (station: StationStatus) => {
    services.notify.success(t('joined', { name: station.name }));
    services.session.update(
      joinChange({
        id: station.id,
        stationId: station.stationId,
        deptName: station.name,
        tenantId: session.tenantId,
        linkman: '',
        contactNumber: '',
        joined: false,
      }),
    );
  };
  return (
    <section className="ops-shell-page ops-overview" aria-labelledby="ops-workbench-title">
      <header className="ops-overview__header">
        <h1 id="ops-workbench-title">{t('workbenchTitle')}</h1>
        <p>{siteActions(session.permission).join ? t('workbenchIntro') : t('noJoin')}</p>
      </header>
      <div className="ops-overview__grid">
        <StationsSection
          services={services}
          sections={sections}
          cards={{
            current: session.subStation?.deptId ?? null,
            defaultId: (preferred.load.state === 'done' && preferred.load.data) || null,
            canJoin: siteActions(session.permission).join,
            onJoin: join,
          }}
        />
        {sections.alarms && <AlarmsSection services={services} sections={sections} open />}
        <NoticesSection services={services} />
      </div>
    </section>
  );
}
