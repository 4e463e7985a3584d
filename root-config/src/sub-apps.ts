import { type AppEntry, isValidAppCode, matchRoute, subAppCodeOf } from '@ops/shared';

/** The import-map name of a sub-app's bundle: `@ops/app-{code}` (what `npm run new:app` creates). */
export function subAppSpecifierOf(code: string): string {
  return `@ops/app-${code}`;
}

/**
 * The sub-app whose page a path shows: the app a fixed route names (the leave process's routes, whether
 * or not the user has that app), else the one of the given codes under whose `/{code}` the path is;
 * null when none.
 */
export function subAppOfPath(path: string, codes: readonly string[]): string | null {
  return matchRoute(path)?.route.app ?? subAppCodeOf(path, codes);
}

/** A sub-app of the signed-in user, as the host registers it in the main view. */
export interface SubApp {
  /** App code: the sub-app is active under `/{code}` (and on the fixed routes that name it). */
  code: string;
  /** Import-map name of its bundle (`@ops/app-{code}`). */
  specifier: string;
  /** Name shown by the loader, the error panel and the "not installed" panel. */
  label: string;
  /** The import map has its bundle; if not, its pages show "not installed" and nothing is imported. */
  installed: boolean;
}

/** What a sub-app list is made of: an application of the server or an app code a menu item names. */
export type SubAppSource = Pick<AppEntry, 'code' | 'path'> & { name?: string };

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The sub-apps a user's menus lead to (docs/api.md section 5), in the order the server gives them: the
 * applications of `application/applications` (with their names), then any other app code the menu tree
 * names (a menu item added with `menu/submit` for a code that has no application yet). Entries without
 * a valid code (one path segment) are skipped; the first entry of a code wins.
 */
export function subAppSourcesOf(applications: unknown, menuTree: unknown): SubAppSource[] {
  const found = new Map<string, SubAppSource>();
  for (const raw of Array.isArray(applications) ? applications : []) {
    const app = record(raw);
    const code = text(app?.code);
    if (!isValidAppCode(code) || found.has(code)) continue;
    found.set(code, { code, path: text(app?.path) || `/${code}`, name: text(app?.name) || code });
  }
  const walk = (items: unknown) => {
    for (const raw of Array.isArray(items) ? items : []) {
      const item = record(raw);
      const code = text(item?.appCode);
      if (isValidAppCode(code) && !found.has(code)) found.set(code, { code, path: `/${code}`, name: code });
      walk(item?.children);
    }
  };
  walk(menuTree);
  return [...found.values()];
}

/**
 * The host's list of sub-apps from the sources: each with its bundle's import-map name, and whether the
 * import map has that name (`isInstalled`, the only check before anything is imported).
 */
export function subAppsOf(
  sources: readonly SubAppSource[],
  isInstalled: (specifier: string) => boolean,
): SubApp[] {
  return sources
    .filter((source) => isValidAppCode(source.code))
    .map((source) => {
      const specifier = subAppSpecifierOf(source.code);
      return {
        code: source.code,
        specifier,
        label: source.name || source.code,
        installed: isInstalled(specifier),
      };
    });
}

/** single-spa's registration name of a sub-app (never the name of a layout application). */
export const subAppName = (code: string) => `sub-app:${code}`;
const isSubAppName = (name: string) => name.startsWith('sub-app:');

/**
 * Singular mode (spec §1): at most one sub-app is mounted at a time. Development builds run this after
 * every application change; a second mounted sub-app is a defect of the host, so it throws.
 */
export function assertSingular(mounted: readonly string[]): void {
  const subApps = mounted.filter(isSubAppName);
  if (subApps.length > 1) {
    throw new Error(`Singular mode broken: ${subApps.join(', ')} are mounted at the same time.`);
  }
}

/** An import map as the server serves `/importmap.json` (docs/api.md section 12). */
export interface ServedMap {
  imports: Record<string, string>;
  integrity?: Record<string, string>;
}

/** The served map from an answer's JSON, or null when it is not one. */
export function servedMapOf(json: unknown): ServedMap | null {
  const map = record(json);
  const imports = record(map?.imports);
  if (!imports) return null;
  const strings = (value: unknown) =>
    Object.fromEntries(
      Object.entries(record(value) ?? {}).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  return { imports: strings(imports), integrity: strings(map?.integrity) };
}

/**
 * Whether a sub-app's bundle is installed for the signed-in user: in the map the server serves for the
 * user's tenant now, when it could be read; else in the page's own map (served for whoever was signed in
 * when the page loaded, before a sub-app published since).
 */
export function installedCheck(
  served: ServedMap | null,
  inPage: (specifier: string) => boolean,
): (specifier: string) => boolean {
  return served ? (specifier) => Object.hasOwn(served.imports, specifier) : inPage;
}

/**
 * What the page's map must add so that each installed sub-app loads the bundle its tenant's map names:
 * the entries (with their integrity) the page resolves to another URL or not at all. `resolve` answers the
 * page's absolute URL of a specifier or null; `base` resolves the served map's relative URLs.
 */
export function entriesToAdd(
  served: ServedMap,
  apps: readonly SubApp[],
  resolve: (specifier: string) => string | null,
  base: string,
): ServedMap | null {
  const imports: Record<string, string> = {};
  const integrity: Record<string, string> = {};
  for (const app of apps) {
    const url = app.installed ? served.imports[app.specifier] : undefined;
    if (!url || resolve(app.specifier) === new URL(url, base).href) continue;
    imports[app.specifier] = url;
    const sri = served.integrity?.[url];
    if (sri) integrity[url] = sri;
  }
  return Object.keys(imports).length > 0 ? { imports, integrity } : null;
}
