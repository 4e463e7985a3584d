import { excludedPrefixes } from '@ops/shared';
import type { SubAppRegistry } from './navigation';

/** A sub-app the host can mount into the main view. */
export interface SubApp {
  /** App code: the sub-app is active under `/{code}`. */
  code: string;
  /** Import-map name of its bundle. */
  specifier: string;
  /** Name shown by the loader and error panel. */
  label: string;
  /** Its menu (and so its routes) has loaded; until then an unknown path under it goes back one step. */
  menuLoaded: boolean;
}

/**
 * The sub-apps registered at start. Menu-driven registration (from the signed-in user's applications and
 * menus) replaces this list; until then the demo sub-app is registered here, its routes its own.
 */
export const SUB_APPS: readonly SubApp[] = [
  {
    code: 'station-monitor',
    specifier: '@ops/app-station-monitor',
    label: '电站监视 Station monitor',
    menuLoaded: true,
  },
];

export function registryOf(apps: readonly SubApp[]): SubAppRegistry {
  return {
    codes: () => apps.map((app) => app.code),
    excluded: (configured) => excludedPrefixes(configured, apps),
  };
}
