import { type HostProps, registerTexts } from '@ops/shared';
import { useTexts } from '@ops/ui';
import { useEffect, useState } from 'react';
import { fetchStations, type Station } from './stations';

registerTexts('station-monitor', {
  zh: {
    title: '电站监视',
    body: '演示子应用：由菜单加载到主视图，经控制台的 HTTP 客户端读取本租户的电站。',
    stations: '电站',
    loading: '正在加载电站…',
    failed: '电站加载失败',
    empty: '暂无电站',
  },
  en: {
    title: 'Station monitor',
    body: "Demo sub-app, loaded from the menu into the main view; it reads the tenant's stations through the console's HTTP client.",
    stations: 'Stations',
    loading: 'Loading stations…',
    failed: 'Stations failed to load',
    empty: 'No stations',
  },
});

type Load = { state: 'loading' } | { state: 'done'; stations: Station[] } | { state: 'failed' };

/** Demo sub-app mounted at /station-monitor: the tenant's stations, read with the host's client. */
export function StationMonitor({ http, signal }: HostProps) {
  const { t } = useTexts('station-monitor');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    fetchStations(http, signal).then(
      (stations) => setLoad({ state: 'done', stations }),
      () => {
        // The console's client showed the error; an aborted load (unmount, sign-out) shows nothing.
        if (!signal.aborted) setLoad({ state: 'failed' });
      },
    );
  }, [http, signal]);
  return (
    <article className="ops-station-monitor" aria-labelledby="ops-station-monitor-title">
      <h1 id="ops-station-monitor-title">{t('title')}</h1>
      <p>{t('body')}</p>
      {load.state === 'loading' && <p role="status">{t('loading')}</p>}
      {load.state === 'failed' && <p role="alert">{t('failed')}</p>}
      {load.state === 'done' && (
        <ul aria-label={t('stations')}>
          {load.stations.length === 0 && <li>{t('empty')}</li>}
          {load.stations.map((station) => (
            <li key={station.id}>
              {station.deptName} · {station.stationId}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
