import { type HostServices, type LoadModule, PATHS, type SessionStore } from '@ops/shared';
import { loadShoelace } from '@ops/ui';
import type { MouseEvent } from 'react';
import { useEffect, useSyncExternalStore } from 'react';
import { useShellText } from '../shared/i18n';
import type { ShellServices } from '../shared/services';
import { ParcelSlot } from './parcel-slot';
import { PARCELS, parcelsFor } from './parcels';
import { DefaultPasswordReminder } from './session-dialogs';
import { SHELL_TEXTS } from './texts';
import { UserArea } from './user-area';

const NAV = [
  { path: PATHS.index, text: 'home' },
  { path: '/station-monitor', text: 'stationMonitor' },
] as const;

function useParcels(session: SessionStore) {
  return useSyncExternalStore(
    (onChange) => {
      const sub = session.state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => parcelsFor(session.get()).join(' '),
  );
}

export interface ChromeProps {
  pathname: string;
  services: ShellServices;
  host: HostServices;
  loadModule: LoadModule;
}

/** The chrome: sidebar, top bar, tag bar and the parcel slots the session may see (spec §2, §6). */
export function Chrome({ pathname, services, host, loadModule }: ChromeProps) {
  const { t } = useShellText(SHELL_TEXTS);
  const parcels = useParcels(services.session).split(' ');
  // The chrome's parcels and pages show dialogs and tooltips: their Shoelace comes now, not on first use
  // (the sign-in pages never load it). A failure here is retried by the first component that needs it.
  useEffect(() => {
    loadShoelace().catch(() => undefined);
  }, []);
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    services.navigate(event.currentTarget.pathname);
  };
  const slot = (key: 'notices' | 'remoteControl' | 'assistant', className: string) =>
    parcels.includes(key) && (
      <ParcelSlot
        specifier={PARCELS[key]}
        label={t(key)}
        className={`ops-shell-slot ${className}`}
        loadModule={loadModule}
        services={host}
      />
    );
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
                  aria-current={pathname.startsWith(item.path) ? 'page' : undefined}
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
          {slot('remoteControl', 'ops-shell-slot--remote-control')}
          {slot('notices', 'ops-shell-slot--notices')}
          <UserArea services={services} />
        </div>
      </header>
      <div className="ops-tags" role="toolbar" aria-label={t('tags')} />
      {slot('assistant', 'ops-shell-slot--assistant')}
      <DefaultPasswordReminder services={services} />
    </>
  );
}
