import { canShowVisualSwitch, subscribeTexts, textsVersion } from '@ops/shared';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { menuNameOf } from '../shared/menu-name';
import type { ShellServices } from '../shared/services';
import { findItemForUrl, leavesOf, type MenuItem, type MenuProblem, type TopMenuItem } from './model';
import { createMenuStore, type MenuStore, type MenusState, menuProblemsEntry } from './store';

export interface Menus {
  /** The store of the tab's system: the sidebar's Retry and the top-menu strip act on it. */
  store: MenuStore;
  /** Its state: what the chrome shows. */
  state: MenusState;
  /** The visual system's menu, whatever the tab shows (it decides whether the switch to it is offered). */
  visual: MenusState;
  /** The user may switch to the visual system (spec §4, §6). */
  canSwitchToVisual: boolean;
  /** A menu item's name in the current language (a new function whenever the texts change). */
  nameOf(item: MenuItem): string;
  /** The menu's pages, for the menu search. */
  leaves: MenuItem[];
  /** The top menus, named in the current language. */
  tops: TopMenuItem[];
  /** The menu item of a page (path and query), once the menu is there. */
  itemFor(url: string): MenuItem | null;
  /** Opens a menu item: a console page, or an external link in a new window. */
  open(item: MenuItem): void;
}

function useStore(store: MenuStore): MenusState {
  return useSyncExternalStore(store.subscribe, store.get);
}

/**
 * The signed-in user's two menus (spec §2 Shell parts, §4 System type): the management system's and the
 * visual system's (`group`); the chrome shows the one of the tab's system. Both load when the chrome
 * appears, with the menu names in the current language (the loader fetches them again on a switch), and
 * the shown one is published on the bus: parcels and sub-apps read the menus from there, never from the
 * shell. Items the server sent wrong go to the error log.
 */
export function useMenus(services: ShellServices, visual: boolean): Menus {
  const { http, bus, serverTexts, config, session } = services;
  const [manageStore, visualStore] = useMemo(() => {
    const onProblems = (problems: readonly MenuProblem[]) =>
      bus.publish('error-log:entry', menuProblemsEntry(problems, location.href, new Date()));
    return [
      createMenuStore({ http, onProblems }),
      // The visual system has no top-menu strip: only the management store reads the top menus.
      createMenuStore({ http, onProblems, group: 'visual', topMenus: false }),
    ];
  }, [http, bus]);
  useEffect(() => {
    void manageStore.load();
    void visualStore.load();
    serverTexts.load('menu.').catch(() => undefined);
    return () => {
      manageStore.dispose();
      visualStore.dispose();
    };
  }, [manageStore, visualStore, serverTexts]);

  const store = visual ? visualStore : manageStore;
  const state = useStore(store);
  const visualState = useStore(visualStore);
  useEffect(() => {
    bus.publish('menus', { status: state.status, items: state.model.items, topId: state.topId });
  }, [bus, state]);
  useEffect(() => () => bus.publish('menus', null), [bus]);

  // A new name function, and so a new search index, for each texts version.
  const texts = useSyncExternalStore(subscribeTexts, textsVersion);
  const nameOf = useCallback((item: MenuItem) => menuNameOf(item), [texts]);
  const leaves = useMemo(() => leavesOf(state.model.items), [state.model]);
  const tops = useMemo(
    () =>
      state.tops.map((top) => ({ ...top, name: menuNameOf({ name: top.name, meta: { i18n: top.i18n } }) })),
    [state.tops, texts],
  );
  const open = useCallback(
    (item: MenuItem) => {
      const target = item.target;
      if (!target) return;
      if (target.kind === 'window') window.open(target.url, '_blank', 'noopener,noreferrer');
      else services.navigate(target.to);
    },
    [services],
  );
  return {
    store,
    state,
    visual: visualState,
    canSwitchToVisual: canShowVisualSwitch({
      imsEnabled: config.imsEnabled,
      tenantId: session.get().tenantId,
      hasVisualMenu: visualState.model.items.length > 0,
    }),
    nameOf,
    leaves,
    tops,
    itemFor: (url) => findItemForUrl(state.model, url),
    open,
  };
}
