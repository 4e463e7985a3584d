import { PATHS } from '@ops/shared';
import { LineChart } from '@ops/ui';
import { useLoad, useUnmountSignal } from '@ops/ui/load';
import { useState } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { fetchAlarmsToday, fetchPowerToday, fetchTenants, fetchUnreadNotices } from './api';
import { expiryOf, type HomeSections } from './overview-rules';
import { HomeSection, PageLink } from './section';
import { OVERVIEW_TEXTS } from './texts';

type Services = Pick<ShellServices, 'http' | 'navigate'>;

/** The clock time of a time text of today (`HH:mm`), else the text as it is. */
const shortTime = (time: string) => /^\d{4}-\d{2}-\d{2} (\d{2}:\d{2})/.exec(time)?.[1] ?? time;

/** Today's alarm messages (or the unread ones: `open`), their count and the latest few. */
export function AlarmsSection({
  services,
  sections,
  open = false,
}: {
  services: Services;
  sections: HomeSections;
  open?: boolean;
}) {
  const { t } = useShellText(OVERVIEW_TEXTS);
  const signal = useUnmountSignal();
  const [now] = useState(() => Date.now());
  const { load, retry } = useLoad(
    (s) => fetchAlarmsToday(services.http, now, open, s),
    `alarms-${open}`,
    signal,
  );
  return (
    <HomeSection
      id={open ? 'ops-overview-open-alarms' : 'ops-overview-alarms'}
      title={t(open ? 'openAlarms' : 'alarms')}
      load={load}
      retry={retry}
      isEmpty={(page) => page.total === 0}
      empty={t(open ? 'openAlarmsEmpty' : 'alarmsEmpty')}
      summary={(page) => t('alarmsCount', { count: page.total })}
      link={
        <PageLink to={sections.alarmsLink} navigate={services.navigate}>
          {t('alarmsLink')}
        </PageLink>
      }
    >
      {(page) => (
        <ul className="ops-overview__list">
          {page.records.map((alarm) => (
            <li key={alarm.id} className={alarm.status === 0 ? 'ops-overview__item--unread' : undefined}>
              <span className="ops-overview__item-title">{alarm.subject || alarm.content}</span>
              <time className="ops-overview__time">{shortTime(alarm.pushTime)}</time>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

/** The caller's unread notices: their count and the latest few, each opening the message centre. */
export function NoticesSection({ services }: { services: Services }) {
  const { t } = useShellText(OVERVIEW_TEXTS);
  const signal = useUnmountSignal();
  const { load, retry } = useLoad((s) => fetchUnreadNotices(services.http, s), 'notices', signal);
  return (
    <HomeSection
      id="ops-overview-notices"
      title={t('notices')}
      load={load}
      retry={retry}
      isEmpty={(page) => page.total === 0}
      empty={t('noticesEmpty')}
      summary={(page) => t('noticesCount', { count: page.total })}
      link={
        <PageLink to={PATHS.messageCentre} navigate={services.navigate}>
          {t('noticesLink')}
        </PageLink>
      }
    >
      {(page) => (
        <ul className="ops-overview__list">
          {page.records.map((notice) => (
            <li key={notice.id}>
              <PageLink
                to={PATHS.messageCentre}
                navigate={services.navigate}
                className="ops-overview__item-title"
              >
                {notice.title}
              </PageLink>
              <time className="ops-overview__time">{notice.releaseTime.slice(0, 10)}</time>
            </li>
          ))}
        </ul>
      )}
    </HomeSection>
  );
}

/** The tenant's active power today: generation (hydropower) or charge and discharge (storage). */
export function PowerChartSection({ services }: { services: Services }) {
  const { t } = useShellText(OVERVIEW_TEXTS);
  const signal = useUnmountSignal();
  const [now] = useState(() => Date.now());
  const { load, retry } = useLoad((s) => fetchPowerToday(services.http, now, s), 'power', signal);
  const kind = load.state === 'done' ? load.data.kind : 'generation';
  return (
    <HomeSection
      id="ops-overview-power"
      title={t(`chart.${kind}`)}
      load={load}
      retry={retry}
      isEmpty={(line) => line.points.length === 0}
      empty={t('chartEmpty')}
      className="ops-overview__section--chart"
    >
      {(line) => (
        <LineChart
          title={t(`chart.${line.kind}`)}
          series={[{ name: t(`series.${line.kind}`), points: line.points }]}
          unit={line.unit}
          height={240}
          zoom={{ start: 0, end: 100 }}
          noDataText={t('chartEmpty')}
        />
      )}
    </HomeSection>
  );
}

/** The platform's tenants: kind, station count and expiry. */
export function TenantsSection({ services, sections }: { services: Services; sections: HomeSections }) {
  const { t } = useShellText(OVERVIEW_TEXTS);
  const signal = useUnmountSignal();
  const [now] = useState(() => Date.now());
  const { load, retry } = useLoad((s) => fetchTenants(services.http, s), 'tenants', signal);
  const kindName = (kind: string) => (t(`kind.${kind}`) === `kind.${kind}` ? kind : t(`kind.${kind}`));
  return (
    <HomeSection
      id="ops-overview-tenants"
      title={t('tenants')}
      load={load}
      retry={retry}
      isEmpty={(page) => page.records.length === 0}
      empty={t('tenantsEmpty')}
      summary={(page) => t('tenantsCount', { count: page.total })}
      link={
        sections.tenantsLink && (
          <PageLink to={sections.tenantsLink} navigate={services.navigate}>
            {t('tenantsLink')}
          </PageLink>
        )
      }
      className="ops-overview__section--wide"
    >
      {(page) => (
        <table className="ops-overview__table">
          <caption className="ops-ui-visually-hidden">{t('tenants')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tenantName')}</th>
              <th scope="col">{t('kind')}</th>
              <th scope="col" className="ops-overview__num">
                {t('stationCount')}
              </th>
              <th scope="col">{t('expireTime')}</th>
            </tr>
          </thead>
          <tbody>
            {page.records.map((tenant) => {
              const expiry = expiryOf(tenant.expireTime, now);
              return (
                <tr key={tenant.tenantId}>
                  <th scope="row">
                    {tenant.tenantName}
                    <span className="ops-overview__code">{tenant.tenantId}</span>
                  </th>
                  <td>{kindName(tenant.kind)}</td>
                  <td className="ops-overview__num">{tenant.stationCount}</td>
                  <td>
                    {expiry === 'none' ? t('expiry.none') : tenant.expireTime.slice(0, 10)}
                    {(expiry === 'expired' || expiry === 'soon') && (
                      <span className={`ops-overview__tag ops-overview__tag--${expiry}`}>
                        {t(`expiry.${expiry}`)}
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </HomeSection>
  );
}
