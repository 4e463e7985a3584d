import type { HostProps } from '@ops/shared';
import { useLocation, useTexts } from '@ops/ui';
import { AlarmStatsPage } from './alarm-stats-page';
import { AlarmsPage } from './list-pages';
import { NotFoundPage } from './not-found-page';
import { OverviewPage } from './overview-page';
import { pageOf } from './pages';
import { RealtimePage } from './realtime-page';
import { NS } from './texts';
import { VisualPage } from './visual-page';

/**
 * The station monitor, mounted at /station-monitor: the page the URL names, read with the host's client.
 * It uses only the host's props, @ops/shared and @ops/ui.
 */
export function StationMonitor({ http, signal, navigate }: HostProps) {
  const { t } = useTexts(NS);
  const { pathname, search } = useLocation();
  const page = pageOf(pathname);
  const host = { http, signal };
  // The app's name (h1) and the page's heading (h2, in the page) share the first line.
  return (
    <article className="ops-station-monitor" aria-labelledby="ops-station-monitor-title">
      <h1 id="ops-station-monitor-title" className="ops-station-monitor__title">
        {t('title')}
      </h1>
      {page === 'overview' && <OverviewPage {...host} navigate={navigate} />}
      {page === 'realtime' && <RealtimePage {...host} navigate={navigate} search={search} />}
      {page === 'alarms' && <AlarmsPage {...host} />}
      {page === 'alarm-stats' && <AlarmStatsPage {...host} />}
      {page === 'visual' && <VisualPage {...host} />}
      {page === 'not-found' && <NotFoundPage pathname={pathname} navigate={navigate} />}
    </article>
  );
}
