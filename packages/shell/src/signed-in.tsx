import {
  canShowVisualSwitch,
  FLAG,
  type HostServices,
  hasFlag,
  KEYS,
  type LoadModule,
  PATHS,
  type SessionState,
  type SystemType,
  setFlag,
  subscribeTexts,
  textsVersion,
} from '@ops/shared';
import { confirm, useLocation } from '@ops/ui';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { ErrorLogButton } from './error-log/error-log-button';
import {
  activeSystem,
  clampSidebarWidth,
  type LayoutState,
  layoutFrame,
  parseLayout,
  parseSidebarWidth,
  SIDEBAR_WIDTH,
  screenBreakpoint,
  showsThemeDrawer,
  systemNames,
  systemTypeOf,
  topMenuWidth,
  userMenuItems,
  VISUAL_BAR_WIDTH,
  wheelScrollLeft,
} from './frame/rules';
import { HomeViewToggles } from './home/home-view';
import { type HomeToggle, homePathFor, homeView } from './home/rules';
import { LockDialog, lockNow } from './lock/lock-dialog';
import { ShellPage } from './main-view';
import { MenuSearch } from './menu-search/menu-search';
import { findItemForUrl, leavesOf, type MenuItem, type MenuProblem } from './menus/model';
import { createMenuStore, menuNameOf, menuProblemsEntry } from './menus/store';
import { SHELL_TEXTS } from './shared/chrome-texts';
import { useShellText } from './shared/i18n';
import type { ShellServices } from './shared/services';
import { signOutAndLeave } from './shared/sign-out';
import { HorizontalMenu } from './sidebar/horizontal-menu';
import { COLUMNS_BAR_WIDTH } from './sidebar/rules';
import { Sidebar } from './sidebar/sidebar';
import { SiteSwitchDialog, StationBadge } from './site-switch';
import { ChromeParts } from './slots/chrome-parts';
import type { TagConfig } from './tags/rules';
import { createTagStore } from './tags/store';
import { TagBar, tagLabelOf } from './tags/tag-bar';
import { layoutStateText } from './theme/theme';
import { saveLayoutState, useThemeLook } from './theme/theme-apply';
import { ThemeDrawer } from './theme/theme-drawer';
import { TOPBAR_TEXTS } from './topbar/texts';
import { FullscreenButton, TopBar } from './topbar/topbar';
import { UserMenu, type UserMenuAction } from './topbar/user-menu';
import { firstPageOf } from './visual/rules';
import { VisualChrome } from './visual/visual-chrome';

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
  const saved = useMemo(() => parseLayout(info?.layoutState), [info?.layoutState]);
  // While the theme drawer is open the page shows its draft.
  const [draft, setDraft] = useState<LayoutState | null>(null);
  const [themeOpen, setThemeOpen] = useState(false);
  const layout = draft ?? saved;
  // The system this tab shows (spec §4 System type): the rule's, or the one its user switched to.
  const user = { tenantId: session.tenantId, account: info?.account };
  const [storedSystem, setStoredSystem] = useState(() => services.storage.get(KEYS.systemType));
  const system = activeSystem(systemTypeOf(user, layout), storedSystem, user);
  const visual = system === 'visual';
  // The visual system has its own look: the visual theme, whatever the layout state's.
  const look = useMemo<LayoutState>(
    () => (visual ? { ...layout, theme: 'theme-hzvisual', customColors: false } : layout),
    [visual, layout],
  );
  useThemeLook(look, host);
  const frame = layoutFrame(layout.layout);
  const sidebar = frame.sidebar;
  const [collapsed, setCollapsed] = useState(layout.isCollapse);
  useEffect(() => setCollapsed(layout.isCollapse), [layout.isCollapse]);
  const [width, setWidth] = useState(() => parseSidebarWidth(services.storage.get(KEYS.sidebarWidth)));
  const windowWidth = useWindowWidth();
  // Below the 992 px breakpoint (spec §9) the sidebar folds to its marks; the user may open it again.
  const narrow = screenBreakpoint(windowWidth) < 2;
  useEffect(() => {
    if (narrow) setCollapsed(true);
  }, [narrow]);
  const [lockOpen, setLockOpen] = useState(false);
  const [siteOpen, setSiteOpen] = useState(false);

  // The layout is the page frame's grid template (root-config/src/frame.css); the sidebar's width one
  // of its tracks.
  useEffect(() => {
    const element = document.querySelector<HTMLElement>('.ops-frame');
    if (!element) return;
    element.dataset.layout = visual ? 'visual' : layout.layout;
    const columns = frame.columnsBar ? COLUMNS_BAR_WIDTH : 0;
    const track = visual
      ? `${collapsed ? 0 : VISUAL_BAR_WIDTH}px`
      : sidebar
        ? `${columns + (collapsed ? COLLAPSED_WIDTH : width)}px`
        : '0px';
    element.style.setProperty('--ops-sidebar-width', track);
    return () => {
      delete element.dataset.layout;
      element.style.removeProperty('--ops-sidebar-width');
    };
  }, [visual, layout.layout, sidebar, frame.columnsBar, collapsed, width]);

  // Two menus: the management system's and the visual system's (`group`); the chrome shows the one of
  // the tab's system, and the visual one also tells whether the user may switch to it.
  const [manageMenus, visualMenus] = useMemo(() => {
    const onProblems = (problems: readonly MenuProblem[]) =>
      host.rootBus.publish('error-log:entry', menuProblemsEntry(problems, location.href, new Date()));
    return [
      createMenuStore({ http: services.http, onProblems }),
      // The visual system has no top-menu strip: only the management store reads the top menus.
      createMenuStore({ http: services.http, onProblems, group: 'visual', topMenus: false }),
    ];
  }, [services.http, host.rootBus]);
  const menus = visual ? visualMenus : manageMenus;
  const menuState = useSyncExternalStore(menus.subscribe, menus.get);
  const visualState = useSyncExternalStore(visualMenus.subscribe, visualMenus.get);
  useEffect(() => {
    void manageMenus.load();
    void visualMenus.load();
    // Menu names in the current language (meta.i18n); the loader fetches them again on a switch.
    services.serverTexts.load('menu.').catch(() => undefined);
    return () => {
      manageMenus.dispose();
      visualMenus.dispose();
    };
  }, [manageMenus, visualMenus, services.serverTexts]);
  const canSwitchToVisual = canShowVisualSwitch({
    imsEnabled: services.config.imsEnabled,
    tenantId: session.tenantId,
    hasVisualMenu: visualState.model.items.length > 0,
  });
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
  // The home view's full-screen buttons (spec §2, §3 home-page setting): on the home page only.
  const view = useMemo(
    () => homeView({ buttons: services.config.homeButtons, value: home }),
    [services.config.homeButtons, home],
  );
  const [homeToggle, setHomeToggle] = useState<HomeToggle | null>(null);
  const onHome = pathname === home.split('?')[0];
  useEffect(() => {
    if (!onHome) setHomeToggle(null);
  }, [onHome]);
  // Menu search: the leaves of the menu, named in the current language (a new name function, and so a
  // new index, whenever the texts change).
  const leaves = useMemo(() => leavesOf(menuState.model.items), [menuState.model]);
  const texts = useSyncExternalStore(subscribeTexts, textsVersion);
  // `texts` is a dependency on purpose: a new function (and index) for each texts version.
  const nameOf = useCallback((item: MenuItem) => menuNameOf(item), [texts]);
  // Top menus named in the current language too (`menu.top.<code>` server texts).
  const namedTops = useMemo(
    () =>
      menuState.tops.map((top) => ({
        ...top,
        name: menuNameOf({ name: top.name, meta: { i18n: top.i18n } }),
      })),
    [menuState.tops, texts],
  );
  const pageItem = useMemo(() => findItemForUrl(menuState.model, url), [menuState.model, url]);

  // The page tags (spec §4 Tags, DECISIONS 16): one store for this tab, kept through a reload.
  const homeLabel = t('home');
  const tagConfig = useMemo<TagConfig>(
    () => ({
      home: { path: home, label: homeLabel },
      systemType: system,
      lockPage: services.config.lockPage,
    }),
    [home, homeLabel, system, services.config.lockPage],
  );
  const [tags] = useState(() =>
    createTagStore({
      config: tagConfig,
      storage: {
        get: () => services.storage.get(KEYS.tagList),
        set: (value) => services.storage.set(KEYS.tagList, value),
      },
    }),
  );
  useEffect(() => tags.setConfig(tagConfig), [tags, tagConfig]);
  // A fresh sign-in starts at the welcome (home) tag, once.
  useEffect(() => {
    if (!hasFlag(services.config, FLAG.onceLogin)) return;
    setFlag(services.config, FLAG.onceLogin, false);
    tags.reset();
  }, [tags, services.config]);
  const [pageTitles] = useState(() => new Map<string, string>());
  // Each page visited gets its tag, named by its menu item once the menu is there.
  const menusSettled = menuState.status !== 'loading';
  useEffect(() => {
    if (!menusSettled) return;
    const item = findItemForUrl(menuState.model, url);
    tags.visit({
      path: url,
      label: item ? item.name : url === home ? homeLabel : pathname,
      meta: item?.meta.i18n ? { i18n: item.meta.i18n } : undefined,
    });
    const title = pageTitles.get(url);
    if (title) tags.rename(url, title);
  }, [tags, url, menusSettled, menuState.model, home, homeLabel, pathname, pageTitles]);
  // A sub-app names its page (`page.setTitle`): the tag of that page takes the title, whether the
  // title comes before the tag (the sub-app mounted first) or after.
  useEffect(() => {
    const sub = host.rootBus.on('page:title').subscribe(({ path, title }) => {
      pageTitles.set(path, title);
      tags.rename(path, title);
    });
    return () => sub.unsubscribe();
  }, [tags, host.rootBus, pageTitles]);
  useEffect(() => {
    const publish = () => {
      const state = tags.get();
      host.rootBus.publish('tags', {
        tags: state.tags.map((tag) => ({ label: tagLabelOf(tag), value: tag.value })),
        active: state.active,
      });
    };
    publish();
    const stop = tags.subscribe(publish);
    return () => {
      stop();
      host.rootBus.publish('tags', null);
    };
  }, [tags, host.rootBus]);
  const clearCache = () =>
    services.http
      .get('/api/blade-system/oauth/clear-cache')
      .then(() => services.notify.success(t('cacheCleared')))
      .catch(() => undefined);
  const open = useCallback(
    (item: MenuItem) => {
      const target = item.target;
      if (!target) return;
      if (target.kind === 'window') window.open(target.url, '_blank', 'noopener,noreferrer');
      else services.navigate(target.to);
    },
    [services],
  );

  // Spec §4: switching to the visual system changes the theme and the page (its first one); returning
  // to the management system reloads the page at home.
  const switchSystem = (type: SystemType) => {
    services.storage.set(KEYS.systemType, { tenantId: session.tenantId, account: info?.account ?? '', type });
    if (type === 'manage') {
      window.location.assign(home);
      return;
    }
    setStoredSystem(services.storage.get(KEYS.systemType));
    const first = firstPageOf(visualState.model.items);
    if (first) open(first);
  };

  const userAction = async (action: UserMenuAction) => {
    switch (action) {
      case 'home':
        return services.navigate(home);
      case 'personalInfo':
        return services.navigate(PATHS.personalInfo);
      case 'switchSite':
        // Spec §2: the site-switch dialog (70%); the same table is the page /site/switch.
        return setSiteOpen(true);
      case 'returnToMainSite':
        // Spec §4 Site switch: clears the sub-station and the tags, and loads home.
        services.session.update({ subStation: null });
        tags.reset();
        return services.navigate(home);
      case 'lock':
        if (!(await lockNow(services))) setLockOpen(true);
        return;
      case 'logout':
        return signOutAndLeave(services, () => confirm({ message: t('logoutConfirm') }));
    }
  };

  const name = info?.real_name || info?.nick_name || info?.user_name || info?.account || '';
  const userItems = userMenuItems({
    stationFlag: services.config.stationEnabled,
    tenantId: session.tenantId,
  });
  const systemName =
    layout.indexTitle ||
    (lang === 'zh' ? services.config.title.trim() || shellText('systemName') : shellText('systemName'));
  const names = systemNames(layout, services.config, session.tenantId);
  // The site's default names are Chinese text; in English they show only when the tenant named them.
  const systemLabel = (name: string, own: string, fallback: 'manageSystem' | 'visualSystem') =>
    (lang === 'zh' || own.trim() ? name : '') || shellText(fallback);
  const footer = [
    { key: 'manage', label: systemLabel(names.manage, layout.manageSystemName, 'manageSystem'), to: home },
    { key: 'personalInfo', label: t('personalInfo'), to: PATHS.personalInfo },
  ];
  const userMenu = <UserMenu name={name} items={userItems} onAction={(action) => void userAction(action)} />;
  const dialogs = (
    <>
      <ShellPage
        path={pathname}
        title={pageItem ? nameOf(pageItem) : undefined}
        frameOrigins={services.config.frameOrigins}
        services={services}
      />
      <LockDialog services={services} open={lockOpen} onClose={() => setLockOpen(false)} />
      <SiteSwitchDialog services={services} open={siteOpen} onClose={() => setSiteOpen(false)} home={home} />
    </>
  );
  if (visual) {
    return (
      <>
        <VisualChrome
          menus={menuState}
          url={url}
          nameOf={menuNameOf}
          onOpen={open}
          onRetry={() => void menus.load()}
          systemName={systemLabel(names.visual, layout.visualSystemName, 'visualSystem')}
          collapsed={collapsed}
          onToggleCollapse={() => setCollapsed((now) => !now)}
          manageName={systemLabel(names.manage, layout.manageSystemName, 'manageSystem')}
          onManage={() => switchSystem('manage')}
          tools={
            <>
              <ChromeParts where="topbar" services={services} host={host} loadModule={loadModule} />
              <FullscreenButton />
              {userMenu}
            </>
          }
        />
        <ChromeParts where="floating" services={services} host={host} loadModule={loadModule} />
        {dialogs}
      </>
    );
  }
  return (
    <>
      {sidebar && (
        <Sidebar
          menus={menuState}
          url={url}
          collapsed={collapsed}
          mode={frame.menuMode === 'columns' ? 'columns' : 'vertical'}
          systemName={systemName}
          footer={footer}
          visualButton={
            canSwitchToVisual
              ? {
                  label: systemLabel(names.visual, layout.visualSystemName, 'visualSystem'),
                  onClick: () => switchSystem('visual'),
                }
              : null
          }
          onNavigate={services.navigate}
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
        collapsed={sidebar ? collapsed : null}
        onToggleCollapse={() => setCollapsed((now) => !now)}
        logo={frame.menuMode === 'horizontal' ? systemName : undefined}
        menu={
          frame.menuMode === 'horizontal' && (
            <HorizontalMenu
              menus={menuState}
              url={url}
              nameOf={menuNameOf}
              onOpen={open}
              onRetry={() => void menus.load()}
              wheelScroll={wheelScrollLeft}
            />
          )
        }
        // The transverse layout's top bar holds the horizontal menu; the top-menu strip is not shown there.
        tops={layout.topMenuBtn && frame.menuMode !== 'horizontal' ? namedTops : null}
        topId={menuState.topId}
        onSelectTop={(id) => void menus.selectTop(id)}
        topMenuWidth={topMenuWidth(windowWidth)}
        wheelScroll={wheelScrollLeft}
        userName={name}
        userItems={userItems}
        onUserAction={(action) => void userAction(action)}
        tools={
          <>
            <StationBadge services={services} />
            {showsThemeDrawer(info?.role_name) && (
              <button
                type="button"
                className="ops-topbar__icon-button"
                aria-label={t('themeSettings')}
                title={t('themeSettings')}
                onClick={() => {
                  setDraft(saved);
                  setThemeOpen(true);
                }}
              >
                <span className="ops-topbar__palette" aria-hidden="true" />
              </button>
            )}
            <ErrorLogButton services={services} />
            {canSwitchToVisual && (
              <button type="button" className="ops-topbar__system" onClick={() => switchSystem('visual')}>
                {systemLabel(names.visual, layout.visualSystemName, 'visualSystem')}
              </button>
            )}
            {layout.searchBtn && <MenuSearch leaves={leaves} nameOf={nameOf} onOpen={open} />}
            <ChromeParts where="topbar" services={services} host={host} loadModule={loadModule} />
          </>
        }
      />
      <TagBar
        className="ops-tags"
        store={tags}
        navigate={services.navigate}
        onClearCache={() => void clearCache()}
      />
      {onHome && <HomeViewToggles view={view} on={homeToggle} onChange={setHomeToggle} toolbar={userMenu} />}
      <ChromeParts where="floating" services={services} host={host} loadModule={loadModule} />
      {themeOpen && (
        <ThemeDrawer
          open={themeOpen}
          saved={saved}
          draft={layout}
          onDraft={setDraft}
          tenantId={session.tenantId}
          onSave={async (state) => {
            const text = state === null ? null : layoutStateText(state);
            const ok = await saveLayoutState(services, info?.user_id ?? '', text);
            if (!ok || !info) return false;
            services.notify.success(t('themeSaved'));
            services.session.update({ userInfo: { ...info, layoutState: text } });
            setDraft(state ?? parseLayout(null));
            return true;
          }}
          onClose={() => {
            setThemeOpen(false);
            setDraft(null);
          }}
        />
      )}
      {dialogs}
    </>
  );
}
