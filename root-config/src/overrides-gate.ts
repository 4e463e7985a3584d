/**
 * Whether and when the page loads import-map-overrides, single-spa's developer tool: only outside
 * production (the server's word in the page's site config). Its own module: index.ts reads it on every
 * page, while the tool and its other rules stay in the lazy chunk.
 */
export const loadsOverrides = (config: { production: boolean }): boolean => config.production === false;

/** The tool's localStorage keys of an override (`import-map-override:<specifier>`) and of external maps. */
const OVERRIDE_KEY = 'import-map-override:';
const EXTERNAL_MAPS_KEY = 'import-map-overrides-external-maps';

/**
 * Overrides are stored in this browser: the tool must run before the shell loads (so they apply), and the
 * page waits for it. Without any, it loads after the console has started and holds up nothing.
 */
export function overridesStored(keys: readonly string[]): boolean {
  return keys.some((key) => key.startsWith(OVERRIDE_KEY) || key === EXTERNAL_MAPS_KEY);
}

/** `overridesStored` for this page's localStorage (unreadable: none). */
export function overridesStoredHere(): boolean {
  try {
    return overridesStored(Object.keys(localStorage));
  } catch {
    return false;
  }
}
