import { PATHS } from '@ops/shared';
import { useLocation } from '@ops/ui';
import { LanguageMenu } from '@ops/ui/load';
import { type ReactNode, useEffect } from 'react';
import { ErrorLogButton } from './error-log/error-log-button';
import { FloatingParts } from './floating-parts';
import { SIDEBAR_WIDTH, topMenuWidth, wheelScrollLeft } from './frame/rules';
import { SkipLink } from './frame/skip-link';
import { useFrame } from './frame/use-frame';
import { HomeViewToggles } from './home/home-view';
import { useHome } from './home/use-home';
import { useEmbeddedApp } from './iframe/embedded';
import { MainView } from './main-view';
import { MenuSearch } from './menu-search/menu-search';
import { useMenus } from './menus/use-menus';
import { useShellText } from './shared/i18n';
import type { ShellServices } from './shared/services';
import { useSessionState } from './shared/use-session';
import { HorizontalMenu } from './sidebar/horizontal-menu';
import { Sidebar } from './sidebar/sidebar';
import { StationBadge } from './site-switch';
import { ParcelTools } from './slots/parcel-tools';
import { useSystem } from './system/use-system';
import { useClearCache } from './tags/clear-cache';
import { TagBar } from './tags/tag-bar';
import { useTags } from './tags/use-tags';
import { useThemeLook } from './theme/theme-apply';
import { ThemeSettings } from './theme/theme-settings';
import { useLayoutState } from './theme/use-layout-state';
import { TOPBAR_TEXTS } from './topbar/texts';
import { FullscreenButton, TopBar } from './topbar/topbar';
import { UserMenu } from './topbar/user-menu';
import { useUserActions } from './user-actions';
import { firstPageOf, visualHomePage } from './visual/rules';
import { VisualChrome } from './visual/visual-chrome';

/**
 * What a signed-in page shows (spec §2 Shell parts): the chrome of the tab's system around the main view.
 * Each part owns its state in its feature's hook; this frame only composes them. Its own chunk, loaded
 * when a chrome route is first shown (or while the login page is idle), so the login page does not load it.
 */
export default function SignedIn({ pathname, services }: { pathname: string; services: ShellServices }) {
  const { search } = useLocation();
  const url = `${pathname}${search}`;
  const embedded = useEmbeddedApp(search);
  const session = useSessionState(services);
  const info = session.userInfo;
  const { saved, layout, editor } = useLayoutState(services, info);
  const system = useSystem(services, session, layout);
  const { visual, labels } = system;
  useThemeLook(layout, visual, services.bus);
  const shape = useFrame(services, layout, visual);
  const menus = useMenus(services, visual);
  const home = useHome(info?.account, services.config, pathname);
  const { t } = useShellText(TOPBAR_TEXTS);
  const page = menus.state.status === 'loading' ? undefined : menus.itemFor(url);
  const tags = useTags(services, {
    url,
    pathname,
    home: home.path,
    system: system.system,
    page: page && { name: page.name, i18n: page.meta.i18n },
  });
  const clearCache = useClearCache(services);
  const user = useUserActions(services, session, { home: home.path, tags });
  const switchTo = (type: 'manage' | 'visual') =>
    system.switchTo(type, {
      home: home.path,
      openFirst: () => {
        const first = firstPageOf(menus.visual.model.items);
        if (first) menus.open(first);
      },
    });

  const visualHome = visualHomePage(
    { visual, pathname, home: home.path, index: PATHS.index },
    menus.visual.model.items,
  );
  useEffect(() => {
    if (visualHome) services.navigate(visualHome, { replace: true });
  }, [visualHome, services]);

  const userMenu = <UserMenu name={user.name} items={user.items} onAction={user.act} />;
  // The last of the tools, before fullscreen and the user menu, in every layout and the visual system.
  const languageMenu = (
    <LanguageMenu
      language={services.language}
      http={services.http}
      tenantId={session.tenantId ?? ''}
      className="ops-chrome-top__icon-button"
    />
  );
  // What every view of the menu shows and does: the sidebar, the horizontal menu, the visual bar.
  const menuView = {
    menus: menus.state,
    url,
    nameOf: menus.nameOf,
    onOpen: menus.open,
    onRetry: () => void menus.store.load(),
  };
  const always: ReactNode = (
    <>
      <FloatingParts services={services} system={system.system} embedded={embedded} />
      <MainView
        path={pathname}
        title={page ? menus.nameOf(page) : undefined}
        services={services}
        system={system.system}
      />
      {user.dialogs}
    </>
  );
  if (visual) {
    return (
      <>
        <SkipLink label={t('skipToMain')} />
        <VisualChrome
          {...menuView}
          systemName={labels.visual}
          collapsed={shape.collapsed}
          onToggleCollapse={shape.toggleCollapsed}
          manageName={labels.manage}
          onManage={() => switchTo('manage')}
          tools={
            <>
              <ParcelTools services={services} system={system.system} />
              {languageMenu}
              <FullscreenButton />
              {userMenu}
            </>
          }
        />
        {always}
      </>
    );
  }
  const { frame } = shape;
  const horizontal = frame.menuMode === 'horizontal';
  return (
    <>
      <SkipLink label={t('skipToMain')} />
      {frame.sidebar && (
        <Sidebar
          {...menuView}
          collapsed={shape.collapsed}
          mode={frame.menuMode === 'columns' ? 'columns' : 'vertical'}
          systemName={labels.title}
          footer={[
            { key: 'manage', label: labels.manage, to: home.path },
            { key: 'personalInfo', label: t('personalInfo'), to: PATHS.personalInfo },
          ]}
          visualButton={
            menus.canSwitchToVisual ? { label: labels.visual, onClick: () => switchTo('visual') } : null
          }
          onNavigate={services.navigate}
          width={shape.width}
          widthBounds={SIDEBAR_WIDTH}
          onResize={shape.resize}
        />
      )}
      <TopBar
        collapsed={frame.sidebar ? shape.collapsed : null}
        onToggleCollapse={shape.toggleCollapsed}
        logo={horizontal ? labels.title : undefined}
        menu={horizontal && <HorizontalMenu {...menuView} wheelScroll={wheelScrollLeft} />}
        // The transverse layout's top bar holds the horizontal menu; the top-menu strip is not shown there.
        tops={layout.topMenuBtn && !horizontal ? menus.tops : null}
        topId={menus.state.topId}
        onSelectTop={(id) => void menus.store.selectTop(id)}
        topMenuWidth={topMenuWidth(shape.windowWidth)}
        wheelScroll={wheelScrollLeft}
        userName={user.name}
        userItems={user.items}
        onUserAction={user.act}
        tools={
          <>
            <StationBadge services={services} />
            <ThemeSettings
              editor={editor}
              saved={saved}
              draft={layout}
              roleName={info?.role_name}
              tenantId={session.tenantId}
            />
            <ErrorLogButton services={services} />
            {menus.canSwitchToVisual && (
              <button type="button" className="ops-topbar__system" onClick={() => switchTo('visual')}>
                {labels.visual}
              </button>
            )}
            {layout.searchBtn && (
              <MenuSearch leaves={menus.leaves} nameOf={menus.nameOf} onOpen={menus.open} />
            )}
            <ParcelTools services={services} system={system.system} />
            {languageMenu}
          </>
        }
      />
      <TagBar className="ops-tags" store={tags} navigate={services.navigate} onClearCache={clearCache} />
      {home.here && !embedded && (
        <HomeViewToggles
          view={home.view}
          on={home.toggle}
          onChange={home.setToggle}
          toolbar={
            <>
              {languageMenu}
              {userMenu}
            </>
          }
        />
      )}
      {always}
    </>
  );
}
