import type { SiteConfig } from '@ops/shared';
import { useEffect, useMemo, useState } from 'react';
import { type HomeToggle, type HomeView, homePathFor, homeView } from './rules';

export interface Home {
  /** The user's home: where `/` leads and what the home tag opens. */
  path: string;
  /** The home page shows now. */
  here: boolean;
  /** The home view's full-screen buttons, and the one that is on. */
  view: HomeView;
  toggle: HomeToggle | null;
  setToggle(toggle: HomeToggle | null): void;
}

/**
 * The user's home (spec §2 Routes) and its view's full-screen buttons (spec §2, §3 home-page setting),
 * which act on the home page only: leaving it turns the one that is on off.
 */
export function useHome(account: string | null | undefined, config: SiteConfig, pathname: string): Home {
  const path = homePathFor(account, config);
  const view = useMemo(
    () => homeView({ buttons: config.homeButtons, value: path }),
    [config.homeButtons, path],
  );
  const [toggle, setToggle] = useState<HomeToggle | null>(null);
  const here = pathname === path.split('?')[0];
  useEffect(() => {
    if (!here) setToggle(null);
  }, [here]);
  return { path, here, view, toggle, setToggle };
}
