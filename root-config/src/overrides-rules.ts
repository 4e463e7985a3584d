/**
 * import-map-overrides, the single-spa developer tool (issue 16): what the console decides about it.
 * The tool keeps its overrides in this browser's localStorage and applies them when the page loads.
 */

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
