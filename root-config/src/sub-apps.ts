/** A sub-app the host can mount into the main view. */
export interface SubApp {
  /** App code: the sub-app is active under `/{code}`. */
  code: string;
  /** Import-map name of its bundle. */
  specifier: string;
  /** Name shown by the loader and error panel. */
  label: string;
}

/**
 * The sub-apps registered at start. Menu-driven registration (from the signed-in user's menu) replaces
 * this list; until then the demo sub-app is registered here.
 */
export const SUB_APPS: readonly SubApp[] = [
  { code: 'station-monitor', specifier: '@ops/app-station-monitor', label: '电站监视 Station monitor' },
];
