import type { HostProps } from '@ops/shared';
import { type Column, DataTable, LineChart, useTexts } from '@ops/ui';
import { useLoad } from '@ops/ui/load';
import { useEffect, useMemo, useState } from 'react';
import type { Alarm } from './api';
import { chartSeries, FORECAST_HOURS, timeText } from './history';
import { ErrorState, Loading } from './parts';
import { NS } from './texts';
import {
  clockText,
  figuresOf,
  figureText,
  powerPoints,
  REFRESH_MS,
  type StationRow,
  stationRow,
} from './visual';
import { fetchPowerLine, fetchScreen, type ScreenData } from './visual-load';

type Host = Pick<HostProps, 'http' | 'signal'>;

/** The screen's time: injected so a test moves it without waiting five real minutes. */
export interface ScreenClock {
  now(): number;
  /** Calls `fn` every `ms`; returns the function that stops it. */
  setInterval(fn: () => void, ms: number): () => void;
}

const SYSTEM_CLOCK: ScreenClock = {
  now: () => Date.now(),
  setInterval(fn, ms) {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

/** A number that changes every `ms` while the page is shown (the screen's refresh). */
function useTick(ms: number, clock: ScreenClock): number {
  const [tick, setTick] = useState(0);
  useEffect(() => clock.setInterval(() => setTick((n) => n + 1), ms), [ms, clock]);
  return tick;
}

/**
 * The big-screen overview (the visual menu's 储能总览大屏): headline figures, the stations with their
 * status, and the active power line of the station chosen in the list. Everything is read again every
 * five minutes; the last answer stays on the screen meanwhile.
 */
export function VisualPage({ http, signal, clock = SYSTEM_CLOCK }: Host & { clock?: ScreenClock }) {
  const { t } = useTexts(NS);
  const tick = useTick(REFRESH_MS, clock);
  const { load, retry } = useLoad((s) => fetchScreen(http, clock.now(), s), String(tick), signal);
  const data = load.state === 'done' ? load.data : load.state === 'loading' ? load.previous : undefined;
  return (
    <section className="ops-sm-page ops-sm-visual" aria-labelledby="ops-sm-visual">
      <header className="ops-sm-visual__head">
        <h2 id="ops-sm-visual" className="ops-sm-page__heading ops-sm-visual__heading">
          {t('visual.heading')}
        </h2>
        {data && (
          <p className="ops-sm-visual__time">
            {load.state === 'loading'
              ? t('visual.refreshing')
              : t('visual.updated', { time: timeText(data.at) })}
          </p>
        )}
      </header>
      {load.state === 'failed' ? (
        <ErrorState reason={load.reason} onRetry={retry} />
      ) : data ? (
        <Screen http={http} signal={signal} data={data} />
      ) : (
        <Loading />
      )}
    </section>
  );
}

function Screen({ http, signal, data }: Host & { data: ScreenData }) {
  const { t, lang } = useTexts(NS);
  const rows = useMemo(
    () => data.stations.map((s) => stationRow(s, data.devices.get(s.stationId) ?? [], data.at)),
    [data],
  );
  const figures = figuresOf(rows, data.stationTotal, data.alarmsToday);
  const [chosen, setChosen] = useState<string | null>(null);
  const station = rows.find((r) => r.stationId === chosen) ?? rows[0];
  const locale = lang === 'en' ? 'en' : 'zh-CN';
  const n = (value: number, decimals = 1) => figureText(value, locale, decimals);
  const none = t('visual.none');

  const columns: Column<StationRow>[] = [
    {
      key: 'name',
      title: t('visual.station'),
      // The station's name chooses the station whose power line the chart shows.
      render: (r) => (
        <button
          type="button"
          className="ops-sm-visual__choose"
          aria-pressed={r.stationId === station?.stationId}
          title={t('visual.curve')}
          onClick={() => setChosen(r.stationId)}
        >
          {r.name}
        </button>
      ),
    },
    {
      key: 'capacity',
      title: t('visual.stationCapacity'),
      align: 'right',
      render: (r) => (r.capacity ? `${n(r.capacity.mw)} MW` : none),
    },
    {
      key: 'online',
      title: t('visual.devices'),
      align: 'right',
      render: (r) => t('visual.devicesOf', { online: r.online, total: r.devices }),
    },
    {
      key: 'powerMw',
      title: t('visual.stationPower'),
      align: 'right',
      render: (r) => (r.powerMw === null ? none : `${n(r.powerMw, 2)} MW`),
    },
    {
      key: 'socPercent',
      title: t('visual.soc'),
      align: 'right',
      render: (r) => (r.socPercent === null ? none : `${n(r.socPercent)} %`),
    },
    {
      key: 'status',
      title: t('visual.status'),
      render: (r) => (
        <span className={`ops-sm-status ops-sm-status--${r.status}`}>{t(`visual.statuses.${r.status}`)}</span>
      ),
    },
  ];

  return (
    <>
      <ul className="ops-sm-figures" aria-label={t('visual.figures')}>
        <Figure
          label={t('visual.stations')}
          value={n(figures.stations, 0)}
          unit={t('visual.stationsUnit', { count: figures.stations })}
        />
        <Figure
          label={t('visual.capacity')}
          value={n(figures.capacityMw)}
          unit="MW"
          note={[
            figures.capacityMwh > 0 ? t('visual.capacityEnergy', { mwh: n(figures.capacityMwh) }) : '',
            figures.withoutCapacity > 0
              ? t('visual.withoutCapacity', { count: figures.withoutCapacity })
              : '',
          ]
            .filter(Boolean)
            .join('；')}
        />
        <Figure
          label={t('visual.online')}
          value={n(figures.devicesOnline, 0)}
          unit={t('visual.devicesUnit', { count: figures.devicesOnline })}
          tone="success"
        />
        <Figure
          label={t('visual.offline')}
          value={n(figures.devicesOffline, 0)}
          unit={t('visual.devicesUnit', { count: figures.devicesOffline })}
          tone={figures.devicesOffline > 0 ? 'danger' : undefined}
        />
        <Figure
          label={t('visual.power')}
          value={n(figures.powerMw, 2)}
          unit="MW"
          note={t('visual.powerNote')}
        />
        <Figure
          label={t('visual.alarms')}
          value={n(figures.alarmsToday, 0)}
          unit={t('visual.alarmsUnit', { count: figures.alarmsToday })}
          tone={figures.alarmsToday > 0 ? 'warning' : undefined}
        />
      </ul>
      {rows.length === 0 ? (
        <p className="ops-sm-state">{t('visual.noStations')}</p>
      ) : (
        <div className="ops-sm-visual__body">
          <div className="ops-sm-visual__panel ops-sm-visual__list">
            <DataTable<StationRow>
              caption={t('visual.listCaption')}
              columns={columns}
              rows={rows}
              rowKey={(r) => r.id}
              rowLabel={(r) => r.name}
              pagination={false}
            />
          </div>
          <div className="ops-sm-visual__side">
            <div className="ops-sm-visual__panel ops-sm-visual__chart">
              {station && (
                <PowerChart
                  http={http}
                  signal={signal}
                  station={station}
                  realIds={powerPoints(data.devices.get(station.stationId) ?? [])}
                  at={data.at}
                />
              )}
            </div>
            <div className="ops-sm-visual__panel ops-sm-visual__alarms">
              <LatestAlarms alarms={data.latestAlarms} />
            </div>
          </div>
        </div>
      )}
    </>
  );
}

/** Today's newest alarm messages: time, subject and content, each server text shown as text. */
function LatestAlarms({ alarms }: { alarms: readonly Alarm[] }) {
  const { t } = useTexts(NS);
  const columns: Column<Alarm>[] = [
    { key: 'pushTime', title: t('alarms.pushTime'), width: 70, render: (a) => clockText(a.pushTime) },
    { key: 'subject', title: t('alarms.subject'), width: 130 },
    { key: 'content', title: t('alarms.content') },
  ];
  return (
    <>
      <h3 className="ops-sm-visual__subheading">{t('visual.latestAlarms')}</h3>
      <DataTable<Alarm>
        caption={t('visual.latestAlarms')}
        columns={columns}
        rows={alarms}
        rowKey={(a) => a.id}
        emptyText={t('visual.noAlarms')}
        pagination={false}
      />
    </>
  );
}

function Figure({
  label,
  value,
  unit,
  note,
  tone,
}: {
  label: string;
  value: string;
  unit: string;
  note?: string;
  tone?: 'success' | 'warning' | 'danger';
}) {
  return (
    <li className={`ops-sm-figure${tone ? ` ops-sm-figure--${tone}` : ''}`}>
      <span className="ops-sm-figure__label">{label}</span>
      <span className="ops-sm-figure__value">
        {value}
        {unit && <span className="ops-sm-figure__unit"> {unit}</span>}
      </span>
      {note && <span className="ops-sm-figure__note">{note}</span>}
    </li>
  );
}

/** The station's active power over the last 24 hours and the forecast: the sum of its power points' lines. */
function PowerChart({
  http,
  signal,
  station,
  realIds,
  at,
}: Host & { station: StationRow; realIds: string[]; at: number }) {
  const { t } = useTexts(NS);
  const { stationId } = station;
  const { load, retry } = useLoad(
    async (s) => ({ stationId, points: await fetchPowerLine(http, realIds, at, s) }),
    `${stationId}|${realIds.join(',')}|${at}`,
    signal,
  );
  const measured = t('realtime.measured');
  const predicted = t('realtime.predicted');
  // While the screen refreshes, the station's last line stays; another station's never shows.
  const last = load.state === 'done' ? load.data : load.state === 'loading' ? load.previous : undefined;
  const shown = last?.stationId === stationId ? last.points : undefined;
  const series = useMemo(
    () => (shown ? chartSeries(shown, { measured, predicted }) : []),
    [shown, measured, predicted],
  );
  const title = t('visual.chartTitle', { station: station.name });
  return (
    <>
      <h3 className="ops-sm-visual__subheading">{title}</h3>
      {realIds.length === 0 ? (
        <p className="ops-sm-state">{t('visual.noPower')}</p>
      ) : load.state === 'failed' ? (
        <ErrorState reason={load.reason} onRetry={retry} />
      ) : !shown ? (
        <Loading />
      ) : (
        <>
          <LineChart
            key={stationId}
            title={title}
            series={series}
            unit="MW"
            height={300}
            zoom={{ start: 0, end: 100 }}
            noDataText={t('visual.noData')}
          />
          {series.length > 0 && (
            <p className="ops-sm-note">{t('visual.chartNote', { hours: FORECAST_HOURS })}</p>
          )}
        </>
      )}
    </>
  );
}
