/**
 * import-map-overrides, the single-spa developer tool (issue 16): what the console decides about it.
 * The tool keeps its overrides in this browser's localStorage and applies them when the page loads.
 */

/** The tool's localStorage keys of an override (`import-map-override:<specifier>`) and of external maps. */
const OVERRIDE_KEY = 'import-map-override:';
const EXTERNAL_MAPS_KEY = 'import-map-overrides-external-maps';

/**
 * Overrides are stored in this browser: the tool must run before the shell loads (so they apply), and the
 * page waits for it. Without any, it loads when the page is idle and holds up nothing.
 */
export function overridesStored(keys: readonly string[]): boolean {
  return keys.some((key) => key.startsWith(OVERRIDE_KEY) || key === EXTERNAL_MAPS_KEY);
}

/** This browser overrides the specifier (the tool's stored override); false where storage is closed. */
export function overriddenHere(specifier: string): boolean {
  try {
    return localStorage.getItem(`${OVERRIDE_KEY}${specifier}`) !== null;
  } catch {
    return false;
  }
}

export interface ActiveOverride {
  specifier: string;
  url: string;
}

/**
 * The overrides in effect, by specifier, from the tool's override map (`{ imports }`); anything that is
 * not a specifier with a URL is left out. None: no banner.
 */
export function activeOverrides(map: unknown): ActiveOverride[] {
  const imports =
    map && typeof map === 'object' && 'imports' in map ? (map as { imports: unknown }).imports : undefined;
  if (!imports || typeof imports !== 'object') return [];
  return Object.entries(imports as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([specifier, url]) => ({ specifier, url }))
    .sort((a, b) => (a.specifier < b.specifier ? -1 : a.specifier > b.specifier ? 1 : 0));
}

/** The banner's list: `specifier → url`, comma-separated, at most `max` shown and the rest counted. */
export function overrideList(overrides: readonly ActiveOverride[], max = 3): { shown: string; more: number } {
  return {
    shown: overrides
      .slice(0, max)
      .map((o) => `${o.specifier} → ${o.url}`)
      .join(', '),
    more: Math.max(0, overrides.length - max),
  };
}
