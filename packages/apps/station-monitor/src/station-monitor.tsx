import type { HostProps } from '@ops/shared';

const TEXT = {
  zh: { title: '电站监视', body: '演示子应用：由菜单加载到主视图。' },
  en: { title: 'Station monitor', body: 'Demo sub-app, loaded from the menu into the main view.' },
};

/** Demo sub-app mounted at /station-monitor. Station data arrives once the reference server serves it. */
export function StationMonitor(_props: HostProps) {
  const text = document.documentElement.lang.startsWith('en') ? TEXT.en : TEXT.zh;
  return (
    <article className="ops-station-monitor" aria-labelledby="ops-station-monitor-title">
      <h1 id="ops-station-monitor-title">{text.title}</h1>
      <p>{text.body}</p>
    </article>
  );
}
