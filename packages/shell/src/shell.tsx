import type { HostProps, LoadModule } from '@ops/shared';
import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';
import { ParcelSlot } from './parcel-slot';
import { t } from './texts';
import { usePathname } from './use-location';

export interface ShellProps extends HostProps {
  loadModule: LoadModule;
}

const NAV = [
  { path: '/index', text: 'home' },
  { path: '/station-monitor', text: 'stationMonitor' },
] as const;

function go(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  navigateToUrl(event.currentTarget.href);
}

/** The chrome: sidebar, top bar, tag bar, the pages the shell owns, and the three parcel slots. */
export function Shell({ bus, loadModule }: ShellProps) {
  const path = usePathname();
  return (
    <>
      <aside className="ops-sidebar">
        <div className="ops-sidebar__logo">{t('systemName')}</div>
        <nav aria-label={t('mainMenu')}>
          <ul className="ops-menu">
            {NAV.map((item) => (
              <li key={item.path}>
                <a
                  href={item.path}
                  onClick={go}
                  className="ops-menu__item"
                  aria-current={path.startsWith(item.path) ? 'page' : undefined}
                >
                  {t(item.text)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <header className="ops-topbar">
        <span className="ops-topbar__title">{t('systemName')}</span>
        <div className="ops-topbar__tools">
          <ParcelSlot
            specifier="@ops/remote-control"
            label={t('remoteControl')}
            className="ops-shell-slot ops-shell-slot--remote-control"
            loadModule={loadModule}
            bus={bus}
          />
          <ParcelSlot
            specifier="@ops/notices"
            label={t('notices')}
            className="ops-shell-slot ops-shell-slot--notices"
            loadModule={loadModule}
            bus={bus}
          />
        </div>
      </header>
      <div className="ops-tags" role="toolbar" aria-label={t('tags')} />
      {path === '/index' && (
        <section className="ops-shell-page" aria-labelledby="ops-welcome-title">
          <h1 id="ops-welcome-title">{t('welcome')}</h1>
          <p>{t('welcomeBody')}</p>
        </section>
      )}
      {path === '/404' && (
        <section className="ops-shell-page" aria-labelledby="ops-not-found-title">
          <h1 id="ops-not-found-title">404</h1>
          <p>{t('notFound')}</p>
        </section>
      )}
      <ParcelSlot
        specifier="@ops/assistant"
        label={t('assistant')}
        className="ops-shell-slot ops-shell-slot--assistant"
        loadModule={loadModule}
        bus={bus}
      />
    </>
  );
}
