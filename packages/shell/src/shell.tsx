import type { HostProps, LoadModule, Runtime } from '@ops/shared';
import { MessageHost } from '@ops/ui';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { DefaultPasswordReminder, ForcedLogoutDialog } from './auth/session-dialogs';
import { useText } from './i18n';
import { ParcelSlot } from './parcel-slot';
import { isPublicPage, PublicPage } from './public/public-page';
import { shellServices } from './runtime-services';
import { SHELL_TEXTS } from './texts';
import { useLocation } from './use-location';
import { UserArea } from './user-area';

export interface ShellProps extends HostProps {
  loadModule: LoadModule;
  runtime: Runtime;
}

const NAV = [
  { path: '/index', text: 'home' },
  { path: '/station-monitor', text: 'stationMonitor' },
] as const;

function go(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  navigateToUrl(event.currentTarget.href);
}

/**
 * The shell: the full-screen public pages (sign-in, password change, lock, status pages) or the chrome
 * (sidebar, top bar, tag bar, the pages it owns and the three parcel slots).
 */
export function Shell({ bus, loadModule, runtime }: ShellProps) {
  const { pathname, search } = useLocation();
  const services = useMemo(() => shellServices(runtime), [runtime]);
  const t = useShellText(SHELL_TEXTS).t;
  const [expired, setExpired] = useState<string | null>(null);

  useEffect(() => runtime.setNotifier((kind, text) => services.notify[kind](text)), [runtime, services]);
  useEffect(() => {
    const sub = bus.subscribe('session:expired', (event) => setExpired(event.path));
    return () => sub.unsubscribe();
  }, [bus]);

  const dialogs = (
    <>
      <MessageHost />
      <ForcedLogoutDialog
        services={services}
        open={expired !== null}
        redirect={expired ?? undefined}
        onClose={() => setExpired(null)}
      />
    </>
  );

  if (isPublicPage(pathname, runtime.config.lockPage)) {
    return (
      <>
        <PublicPage path={pathname} search={search} services={services} />
        {dialogs}
      </>
    );
  }

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
          <UserArea services={services} session={runtime.session} />
        </div>
      </header>
      <div className="ops-tags" role="toolbar" aria-label={t('tags')} />
      {pathname === '/index' && (
        <section className="ops-shell-page" aria-labelledby="ops-welcome-title">
          <h1 id="ops-welcome-title">{t('welcome')}</h1>
          <p>{t('welcomeBody')}</p>
        </section>
      )}
      <ParcelSlot
        specifier="@ops/assistant"
        label={t('assistant')}
        className="ops-shell-slot ops-shell-slot--assistant"
        loadModule={loadModule}
        bus={bus}
      />
      <DefaultPasswordReminder services={services} />
      {dialogs}
    </>
  );
}
