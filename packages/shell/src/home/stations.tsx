import { Button } from '@ops/ui';
import { useLoad, useUnmountSignal } from '@ops/ui/load';
import type { ReactNode } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { fetchStationStatus } from './api';
import {
  type HomeSections,
  realtimeLink,
  type StationState,
  type StationStatus,
  stateCounts,
} from './overview-rules';
import { HomeSection, PageLink } from './section';
import { OVERVIEW_TEXTS } from './texts';

type Services = Pick<ShellServices, 'http' | 'navigate'>;

/** The site workbench's cards: the station the user is on and the default one, and the switch. */
export interface StationCardsOptions {
  /** The department id of the station the console is on, or null on the main site. */
  current: string | null;
  /** The department id of the user's default station, or null. */
  defaultId: string | null;
  /** The user may enter a station (switch_view). */
  canJoin: boolean;
  onJoin(station: StationStatus): void;
}

function StateBadge({ state }: { state: StationState }) {
  const { t } = useShellText(OVERVIEW_TEXTS);
  return <span className={`ops-overview__badge ops-overview__badge--${state}`}>{t(`state.${state}`)}</span>;
}

/** A number with at most `decimals` decimals in the language's format, or `--`. */
const figure = (value: number | null, lang: string, decimals = 1) =>
  value === null ? '--' : new Intl.NumberFormat(lang, { maximumFractionDigits: decimals }).format(value);

/**
 * The tenant's stations with their state (devices online, active power, state of charge): a table on the
 * overview, cards with the switch on the site workbench. A station opens its realtime page when the user's
 * menu holds it.
 */
export function StationsSection({
  services,
  sections,
  cards,
}: {
  services: Services;
  sections: HomeSections;
  cards?: StationCardsOptions;
}) {
  const { t, lang } = useShellText(OVERVIEW_TEXTS);
  const signal = useUnmountSignal();
  const { load, retry } = useLoad((s) => fetchStationStatus(services.http, s), 'stations', signal);
  const nameOf = (station: StationStatus): ReactNode =>
    sections.realtime ? (
      <PageLink
        to={realtimeLink(station.stationId)}
        navigate={services.navigate}
        label={t('open', { name: station.name })}
      >
        {station.name}
      </PageLink>
    ) : (
      station.name
    );
  const summary = (stations: StationStatus[]) => {
    const counts = stateCounts(stations);
    return (
      <>
        {t('stationsCount', { count: stations.length })}
        {(['online', 'partial', 'offline', 'no-devices'] as const)
          .filter((state) => counts[state] > 0)
          .map((state) => (
            <span key={state} className="ops-overview__count">
              <StateBadge state={state} /> {counts[state]}
            </span>
          ))}
      </>
    );
  };
  const storage = (stations: StationStatus[]) => stations.some((s) => s.socPercent !== null);

  return (
    <HomeSection
      id="ops-overview-stations"
      title={t('stations')}
      load={load}
      retry={retry}
      isEmpty={(stations) => stations.length === 0}
      empty={t('stationsEmpty')}
      summary={summary}
      className={cards ? 'ops-overview__section--wide' : 'ops-overview__section--stations'}
    >
      {(stations) =>
        cards ? (
          <ul className="ops-overview__cards" aria-label={t('stations')}>
            {stations.map((station) => {
              const here = cards.current === station.id;
              return (
                <li
                  key={station.id}
                  className={here ? 'ops-overview__card is-current' : 'ops-overview__card'}
                >
                  <div className="ops-overview__card-head">
                    <strong>{nameOf(station)}</strong>
                    <span className="ops-overview__code">{station.stationId}</span>
                  </div>
                  <div className="ops-overview__card-marks">
                    <StateBadge state={station.state} />
                    {here && <span className="ops-overview__tag">{t('current')}</span>}
                    {cards.defaultId === station.id && (
                      <span className="ops-overview__tag">{t('default')}</span>
                    )}
                  </div>
                  <p className="ops-overview__card-figures">
                    {t('devicesOnline', { online: station.online, devices: station.devices })}
                    <br />
                    {t('power')} {figure(station.powerMw, lang, 2)} MW
                    {station.socPercent !== null && ` · ${t('soc')} ${figure(station.socPercent, lang)} %`}
                  </p>
                  {cards.canJoin && (
                    <Button
                      size="small"
                      variant={here ? 'default' : 'primary'}
                      disabled={here}
                      onClick={() => cards.onJoin(station)}
                    >
                      {t('join')}
                      <span className="ops-ui-visually-hidden"> {station.name}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <div className="ops-overview__scroll">
            <table className="ops-overview__table">
              <caption className="ops-ui-visually-hidden">{t('stations')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('station')}</th>
                  <th scope="col">{t('state')}</th>
                  <th scope="col" className="ops-overview__num">
                    {t('power')} (MW)
                  </th>
                  {storage(stations) && (
                    <th scope="col" className="ops-overview__num">
                      {t('soc')} (%)
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {stations.map((station) => (
                  <tr key={station.id}>
                    <th scope="row">{nameOf(station)}</th>
                    <td>
                      <StateBadge state={station.state} />
                    </td>
                    <td className="ops-overview__num">{figure(station.powerMw, lang, 2)}</td>
                    {storage(stations) && (
                      <td className="ops-overview__num">{figure(station.socPercent, lang)}</td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </HomeSection>
  );
}
