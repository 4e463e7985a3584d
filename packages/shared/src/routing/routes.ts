/**
 * The one route table of the console (spec §2 Routes). The guard, the shell's switch between the
 * full-screen pages and the chrome, the HTTP error catalogue and the chrome's menus and tags all read it;
 * no other module keeps a list of paths.
 *
 * Kinds:
 * - `public`: open without a token, full screen (sign-in entries and status pages);
 * - `full-screen`: needs a token, full screen, no chrome (first-login password change, lock);
 * - `chrome`: a page of the shell inside the chrome's main view;
 * - `iframe`: an embedded page inside the main view;
 * - `home`: `/`, which leads to the home page.
 * Sub-app routes (`/{appCode}/...`) are not in the table: they come from the signed-in user's menus.
 */
export type RouteKind = 'public' | 'full-screen' | 'chrome' | 'iframe' | 'home';

/** Paths the console's code names (a `:param` is one segment; `routePath` fills them in). */
export const PATHS = {
  home: '/',
  index: '/index',
  authorization: '/authorization',
  login: '/login',
  editPassword: '/editPassword',
  lock: '/lock',
  notFound: '/404',
  forbidden: '/403',
  serverError: '/500',
  iframe: '/myiframe',
  messageCentre: '/noticeinfo/info',
  personalInfo: '/info/index',
  siteSwitch: '/site/switch',
  /** The workbench homes of spec §2 (WORKBENCH_HOMES); the shell renders each as the site workbench. */
  siteWorkbench: '/site/index',
  areaMonitor: '/monitor/area',
  areaDuty: '/monitor/areaDuty',
  assistant: '/intelligentSpeech/transmit',
  diagnosis: '/operational/DefectManagement/components/Diagnostic-process',
  deviceControl: '/inspect/robotTask/index',
  /** The leave process's fixed routes (spec §2); the leave-workflow sub-app renders them. */
  leaveForm: '/work/process/leave/form/:processDefinitionId',
  leaveHandle: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
  leaveDetail: '/work/process/leave/detail/:processInstanceId/:businessId',
  /** The mock menu entries of spec §2 (the environment check and the market cart). */
  environment: '/test/index',
  cart: '/market/cart',
} as const;

export interface RouteDef {
  /** `/a/:param/b`; `:param` is one non-empty segment, `:param+` one or more (the rest of the path). */
  readonly pattern: string;
  readonly kind: RouteKind;
  /** The page the route shows: a key the shell registers a page for (a test holds the two together). */
  readonly page?: string;
  /** A fixed route whose page a sub-app renders: that app's code (it is mounted for the route too). */
  readonly app?: string;
}

/**
 * Every route names what shows it: a page of the shell (`page`), a sub-app (`app`), or, for `/` alone,
 * nothing (the guard leads it to the user's home).
 */
export const ROUTES = [
  { pattern: PATHS.home, kind: 'home' },
  { pattern: PATHS.authorization, kind: 'public', page: 'authorization' },
  { pattern: PATHS.login, kind: 'public', page: 'login' },
  { pattern: PATHS.notFound, kind: 'public', page: 'notFound' },
  { pattern: PATHS.forbidden, kind: 'public', page: 'forbidden' },
  { pattern: PATHS.serverError, kind: 'public', page: 'serverError' },
  { pattern: PATHS.editPassword, kind: 'full-screen', page: 'editPassword' },
  { pattern: PATHS.lock, kind: 'full-screen', page: 'lock' },
  { pattern: PATHS.index, kind: 'chrome', page: 'index' },
  { pattern: `${PATHS.iframe}/:routerPath+`, kind: 'iframe', page: 'iframe' },
  { pattern: PATHS.messageCentre, kind: 'chrome', page: 'messageCentre' },
  { pattern: PATHS.personalInfo, kind: 'chrome', page: 'personalInfo' },
  { pattern: PATHS.siteSwitch, kind: 'chrome', page: 'siteSwitch' },
  { pattern: PATHS.siteWorkbench, kind: 'chrome', page: 'siteWorkbench' },
  // docs/decisions.md: the area workbenches (accounts not seeded) show the site workbench too.
  { pattern: PATHS.areaMonitor, kind: 'chrome', page: 'siteWorkbench' },
  { pattern: PATHS.areaDuty, kind: 'chrome', page: 'siteWorkbench' },
  { pattern: PATHS.leaveForm, kind: 'chrome', app: 'leave-workflow' },
  { pattern: PATHS.leaveHandle, kind: 'chrome', app: 'leave-workflow' },
  { pattern: PATHS.leaveDetail, kind: 'chrome', app: 'leave-workflow' },
  { pattern: PATHS.assistant, kind: 'chrome', page: 'assistant' },
  // Diagnosis (spec §2) is the assistant parcel's too: in page mode it shows the process its query names.
  { pattern: PATHS.diagnosis, kind: 'chrome', page: 'assistant' },
  { pattern: PATHS.deviceControl, kind: 'chrome', page: 'deviceControl' },
  // The mock menu entries of spec §2, kept because menu navigation treats them as a special case.
  { pattern: PATHS.environment, kind: 'chrome', page: 'environment' },
  { pattern: PATHS.cart, kind: 'chrome', page: 'cart' },
] as const satisfies readonly RouteDef[];

type Route = (typeof ROUTES)[number];
/** The pages of the full-screen frame (sign-in entries, status pages, password change, lock). */
export type FullScreenPageKey = Extract<Route, { kind: 'public' | 'full-screen' }>['page'];
/** The shell's pages in the chrome's main view. */
export type ChromePageKey = Extract<Route, { kind: 'chrome' | 'iframe'; page: string }>['page'];

/** Fixed workbench homes of certain accounts (spec §2); each is a route of the table, the site workbench. */
export const WORKBENCH_HOMES: Readonly<Record<string, string>> = {
  znywpt: PATHS.siteWorkbench,
  sdywptjk: PATHS.areaMonitor,
  sdywptsc: PATHS.areaDuty,
};

/**
 * The path alone: without a hash-route `#`, query or fragment, and without trailing slashes, so that
 * `/login/`, `/login?x` and `#/login` are all `/login`. An empty path is `/`.
 */
export function normalizePath(path: string): string {
  const withoutHash = path.startsWith('#') ? path.slice(1) : path;
  const bare = withoutHash.split(/[?#]/)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

export interface RouteMatch {
  readonly route: RouteDef;
  readonly params: Readonly<Record<string, string>>;
}

const segmentsOf = (path: string) => (path === '/' ? [] : path.slice(1).split('/'));

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = segmentsOf(pattern);
  const have = segmentsOf(path);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] as string;
    if (part.startsWith(':') && part.endsWith('+')) {
      const rest = have.slice(i);
      if (rest.length === 0 || rest.some((segment) => segment === '')) return null;
      params[part.slice(1, -1)] = rest.map(decodeSegment).join('/');
      return params;
    }
    const segment = have[i];
    if (segment === undefined || segment === '') return null;
    if (part.startsWith(':')) params[part.slice(1)] = decodeSegment(segment);
    else if (part !== segment) return null;
  }
  return want.length === have.length ? params : null;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A pattern's path with its parameters filled in, each one segment, encoded (`:` stays as it is: a process
 * definition id reads `leave_process:1:10001`). A parameter the pattern names and `params` lacks is ''.
 */
export function routePath(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:(\w+)\+?/g, (_all, name: string) =>
    encodeURIComponent(params[name] ?? '').replace(/%3A/gi, ':'),
  );
}

/** The lock page: the site config's `lockPage` when it names one, else `/lock`. */
export function lockPageOf(config: { lockPage?: string }): string {
  return config.lockPage ? normalizePath(config.lockPage) : PATHS.lock;
}

/**
 * The shell route a path opens, with its parameters; null for any other path (a sub-app route or an
 * unknown one). `lockPage` is the site config's lock page path, when it names one other than `/lock`.
 */
export function matchRoute(path: string, options: { lockPage?: string } = {}): RouteMatch | null {
  const normalized = normalizePath(path);
  const lockPage = lockPageOf(options);
  if (normalized === lockPage) {
    return { route: ROUTES.find((route) => route.pattern === PATHS.lock) as RouteDef, params: {} };
  }
  for (const route of ROUTES as readonly RouteDef[]) {
    const params = matchPattern(route.pattern, normalized);
    if (params) return { route, params };
  }
  return null;
}

/** Open without a token (DECISIONS 1b: meta `isAuth: false`). */
export function isPublicRoute(path: string): boolean {
  return matchRoute(path)?.route.kind === 'public';
}

/** The shell shows its full-screen frame, not the chrome: public pages, password change and lock. */
export function isFullScreenRoute(path: string, lockPage?: string): boolean {
  const kind = matchRoute(path, { lockPage })?.route.kind;
  return kind === 'public' || kind === 'full-screen';
}

/** True when the path belongs to the sub-app with this code (spec §2: active when it starts with /{code}). */
export function isSubAppPath(path: string, code: string): boolean {
  const normalized = normalizePath(path);
  const prefix = `/${code}`;
  return normalized === prefix || normalized.startsWith(`${prefix}/`);
}

/** An app code is one path segment (docs/api.md: codes like `station-monitor`). */
const APP_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function isValidAppCode(code: string): boolean {
  return APP_CODE.test(code);
}

/** The code of the sub-app a path belongs to, among the given codes; null when none. */
export function subAppCodeOf(path: string, codes: readonly string[]): string | null {
  return codes.find((code) => isSubAppPath(path, code)) ?? null;
}

/**
 * The fixed workbench route of an account (spec §2: znywpt, sdywptjk, sdywptsc), or null. Only the
 * table's own entries count: an account named `constructor` or `__proto__` has none.
 */
export function workbenchHomeOf(account: string | null | undefined): string | null {
  if (typeof account !== 'string' || !Object.hasOwn(WORKBENCH_HOMES, account)) return null;
  return WORKBENCH_HOMES[account] ?? null;
}

/** `/` leads to the configured default home app and page (spec §2), else `/index`. */
export function homePathOf(config: { defaultHomeAppCode: string; defaultHomePage: string }): string {
  const code = config.defaultHomeAppCode.trim();
  if (!code) return PATHS.index;
  const page = config.defaultHomePage.trim() || PATHS.index;
  return `/${code}${page.startsWith('/') ? page : `/${page}`}`;
}

/**
 * DECISIONS 3: the prefixes under which an unknown path goes back one step instead of home: the site
 * config's list, plus the prefix of every sub-app whose menu is still loading (its routes are not known
 * yet, so the path may well be one of them).
 */
export function excludedPrefixes(
  configured: readonly string[],
  subApps: readonly { code: string; menuLoaded: boolean }[],
): string[] {
  const pending = subApps.filter((app) => !app.menuLoaded).map((app) => `/${app.code}`);
  return [...new Set([...configured.filter((prefix) => prefix.trim() !== ''), ...pending])];
}

/** Whether a path is under one of the prefixes (a whole segment: `/app` covers `/app/x`, not `/apple`). */
export function underPrefix(path: string, prefixes: readonly string[]): boolean {
  const normalized = normalizePath(path);
  return prefixes.some((prefix) => {
    const bare = normalizePath(prefix);
    return normalized === bare || normalized.startsWith(bare === '/' ? '/' : `${bare}/`);
  });
}
