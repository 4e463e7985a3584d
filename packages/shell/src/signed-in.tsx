import { type HostServices, KEYS, type LoadModule, type SessionState } from '@ops/shared';
import { confirm } from '@ops/ui';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { homePathFor } from './home/rules';
import { ChromeParts } from './layout/chrome';
import {
  clampSidebarWidth,
  layoutFrame,
  parseLayout,
  parseSidebarWidth,
  SIDEBAR_WIDTH,
  topMenuWidth,
  userMenuItems,
  wheelScrollLeft,
} from './layout/rules';
import { SHELL_TEXTS } from './layout/texts';
import { ShellPage } from './pages';
import { useShellText } from './shared/i18n';
import { LockDialog, lockNow } from './shared/lock';
import type { MenuItem } from './shared/menus/model';
import { createMenuStore, menuNameOf } from './shared/menus/store';
import type { ShellServices } from './shared/services';
import { signOutAndLeave } from './shared/sign-out';
import { useLocation } from './shared/use-location';
import { Sidebar } from './sidebar/sidebar';
import { TOPBAR_TEXTS } from './topbar/texts';
import { TopBar } from './topbar/topbar';
import type { UserMenuAction } from './topbar/user-menu';

/** The sidebar's width while collapsed: its marks only. */
const COLLAPSED_WIDTH = 64;
/** Spec §9: window resizes are followed after 300 ms of quiet. */
const RESIZE_DEBOUNCE_MS = 300;

function useSession(services: ShellServices): SessionState {
  return useSyncExternalStore(
    (onChange) => {
      const sub = services.session.state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => services.session.get(),
  );
}

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resized = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', resized);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', resized);
    };
  }, []);
  return width;
}

/**
 * What a signed-in page shows: the chrome (spec §2 Shell parts: sidebar, top bar, page tags, the parcels'
 * slots) around the main view, built from the user's layout state and menus. Its own chunk, loaded when
 * a chrome route is first shown (or while the login page is idle), so the login page does not load it.
 */
export default function SignedIn({
  pathname,
  services,
  host,
  loadModule,
}: {
  pathname: string;
  services: ShellServices;
  host: HostServices;
  loadModule: LoadModule;
}) {
  const { t, lang } = useShellText(TOPBAR_TEXTS);
  const shellText = useShellText(SHELL_TEXTS).t;
  const { search } = useLocation();
  const url = `${pathname}${search}`;
  const session = useSession(services);
  const info = session.userInfo;
  const layout = useMemo(() => parseLayout(info?.layoutState), [info?.layoutState]);
  const frame = layoutFrame(layout.layout);
  const [collapsed, setCollapsed] = useState(layout.isCollapse);
  const [width, setWidth] = useState(() => parseSidebarWidth(services.storage.get(KEYS.sidebarWidth)));
  const windowWidth = useWindowWidth();
  const [lockOpen, setLockOpen] = useState(false);

  // The layout is the page frame's grid template (root-config/src/frame.css); the sidebar's width one
  // of its tracks.
  useEffect(() => {
    const element = document.querySelector<HTMLElement>('.ops-frame');
    if (!element) return;
    element.dataset.layout = layout.layout;
    const track = frame.sidebar ? `${collapsed ? COLLAPSED_WIDTH : width}px` : '0px';
    element.style.setProperty('--ops-sidebar-width', track);
    return () => {
      delete element.dataset.layout;
      element.style.removeProperty('--ops-sidebar-width');
    };
  }, [layout.layout, frame.sidebar, collapsed, width]);

  const menus = useMemo(
    () =>
      createMenuStore({
        http: services.http,
        onProblems: (problems) =>
          host.rootBus.publish('error-log:entry', {
            type: 'menu',
            url: location.href,
            message: `${problems.length} menu item(s) skipped`,
            stack: '',
            info: problems.map((problem) => `${problem.id}: ${problem.reason}`).join('\n'),
            time: new Date().toISOString(),
          }),
      }),
    [services.http, host.rootBus],
  );
  const menuState = useSyncExternalStore(menus.subscribe, menus.get);
  useEffect(() => {
    void menus.load();
    // Menu names in the current language (meta.i18n); the loader fetches them again on a switch.
    services.serverTexts.load('menu.').catch(() => undefined);
    return () => menus.dispose();
  }, [menus, services.serverTexts]);
  // Parcels and sub-apps read the menus from the bus, never from the shell.
  useEffect(() => {
    host.rootBus.publish('menus', {
      status: menuState.status,
      items: menuState.model.items,
      topId: menuState.topId,
    });
  }, [host.rootBus, menuState]);
  useEffect(() => () => host.rootBus.publish('menus', null), [host.rootBus]);

  const home = homePathFor(info?.account, services.config);
  const open = useCallback(
    (item: MenuItem) => {
      const target = item.target;
      if (!target) return;
      if (target.kind === 'window') window.open(target.url, '_blank', 'noopener,noreferrer');
      else services.navigate(target.to);
    },
    [services],
  );

  const userAction = async (action: UserMenuAction) => {
    switch (action) {
      case 'home':
        return services.navigate(home);
      case 'personalInfo':
        return services.navigate('/info/index');
      case 'switchSite':
        return services.navigate('/site/switch');
      case 'returnToMainSite':
        services.session.update({ subStation: null });
        return services.navigate(home);
      case 'lock':
        if (!(await lockNow(services))) setLockOpen(true);
        return;
      case 'logout':
        return signOutAndLeave(services, () => confirm({ message: t('logoutConfirm') }));
    }
  };

  const name = info?.real_name || info?.nick_name || info?.user_name || info?.account || '';
  return (
    <>
      {frame.sidebar && (
        <Sidebar
          menus={menuState}
          url={url}
          collapsed={collapsed}
          systemName={
            layout.indexTitle ||
            (lang === 'zh'
              ? services.config.title.trim() || shellText('systemName')
              : shellText('systemName'))
          }
          nameOf={menuNameOf}
          onOpen={open}
          onRetry={() => void menus.load()}
          width={width}
          widthBounds={SIDEBAR_WIDTH}
          onResize={(next) => {
            const clamped = clampSidebarWidth(next);
            setWidth(clamped);
            services.storage.set(KEYS.sidebarWidth, clamped);
          }}
        />
      )}
      <TopBar
        collapsed={collapsed}
        onToggleCollapse={() => setCollapsed((now) => !now)}
        tops={layout.topMenuBtn ? menuState.tops : null}
        topId={menuState.topId}
        onSelectTop={(id) => void menus.selectTop(id)}
        topMenuWidth={topMenuWidth(windowWidth)}
        wheelScroll={wheelScrollLeft}
        userName={name}
        userItems={userMenuItems({ stationFlag: services.config.stationEnabled, tenantId: session.tenantId })}
        onUserAction={(action) => void userAction(action)}
        tools={<ChromeParts where="topbar" services={services} host={host} loadModule={loadModule} />}
      />
      <ChromeParts where="floating" services={services} host={host} loadModule={loadModule} />
      <ShellPage path={pathname} />
      <LockDialog services={services} open={lockOpen} onClose={() => setLockOpen(false)} />
    </>
  );
}
