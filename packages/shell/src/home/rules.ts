import { homePathOf, type SiteConfig, safeRedirect, workbenchHomeOf } from '@ops/shared';

/**
 * Home rules (spec §2 Routes and Shell parts): which page is the user's home, and what the home view's
 * full-screen buttons do. Pure: the caller passes the account, the site config and the home-page setting.
 */

/** The site config fields the home depends on. */
export type HomeConfig = Pick<SiteConfig, 'defaultHomeAppCode' | 'defaultHomePage'>;

/** The fixed workbench route of an account, or null (the shared rule, used by the route guard too). */
export { workbenchHomeOf };

/**
 * The user's home, where `/` leads and what the home (welcome) tag opens: the account's workbench route,
 * else the configured default home app and page (`homePathOf`), else `/index`. The same order as the
 * route guard's `homeFor`, so the guard and the chrome agree on it.
 */
export function homePathFor(account: string | null | undefined, config: HomeConfig): string {
  return workbenchHomeOf(account) ?? homePathOf(config);
}

/** The home full-screen button codes (spec §2): 1 web full screen, 2 hide chrome, 3 user-info toolbar. */
export const HOME_BUTTON = {
  webFullScreen: 1,
  hideChrome: 2,
  userToolbar: 3,
} as const;

export type HomeButtonCode = (typeof HOME_BUTTON)[keyof typeof HOME_BUTTON];

/**
 * A full-screen toggle of the home view: `web-full-screen` (1) makes the home view fill the browser window
 * (not the browser's own full screen, which the top bar's toggle does); `hide-chrome` (2) hides the
 * sidebar, top bar and tag bar; `user-toolbar` (3) hides them too and shows the user-info toolbar instead,
 * so the user menu (personal info, lock, logout) stays in reach.
 */
export type HomeToggle = 'web-full-screen' | 'hide-chrome' | 'user-toolbar';

const TOGGLE_OF: Readonly<Record<HomeButtonCode, HomeToggle>> = {
  1: 'web-full-screen',
  2: 'hide-chrome',
  3: 'user-toolbar',
};

/** What the home view shows, from the home-page setting. */
export interface HomeView {
  /** The toggle buttons it offers, in code order; none: the plain home view. */
  readonly toggles: readonly HomeToggle[];
  /** The setting's `value`: the page the home view shows, when it is a same-origin path; else null. */
  readonly page: string | null;
}

export const DEFAULT_HOME_VIEW: HomeView = Object.freeze({ toggles: Object.freeze([]), page: null });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One button code: the number 1-3 or its decimal text (`' 2 '`); anything else is no code. */
function codeOf(value: unknown): HomeButtonCode | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return text === '1' || text === '2' || text === '3' ? (Number(text) as HomeButtonCode) : null;
}

/** `buttons` as codes in ascending order, each once: a list, a comma-separated text (`'1,3'`) or one code. */
export function homeButtonCodes(buttons: unknown): HomeButtonCode[] {
  const items: readonly unknown[] = Array.isArray(buttons)
    ? buttons
    : typeof buttons === 'string'
      ? buttons.split(',')
      : [buttons];
  const codes = new Set<HomeButtonCode>();
  for (const item of items) {
    const code = codeOf(item);
    if (code !== null) codes.add(code);
  }
  return [...codes].sort((a, b) => a - b);
}

/**
 * What the home view shows for the home-page setting (spec §3 `{ buttons, value }`, spec §2 home
 * full-screen buttons). The setting may come as an object or its JSON text; unknown codes are ignored, a
 * code given twice counts once, and anything unreadable is the plain home view. Never throws.
 */
export function homeView(setting: unknown): HomeView {
  let parsed: unknown = setting;
  if (typeof setting === 'string') {
    try {
      parsed = JSON.parse(setting);
    } catch {
      return DEFAULT_HOME_VIEW;
    }
  }
  if (!isRecord(parsed)) return DEFAULT_HOME_VIEW;
  try {
    const { buttons, value } = parsed;
    const toggles = homeButtonCodes(buttons).map((code) => TOGGLE_OF[code]);
    const page = typeof value === 'string' ? safeRedirect(value.trim()) : null;
    return { toggles, page };
  } catch {
    // An object whose fields throw when read (not JSON): the plain home view.
    return DEFAULT_HOME_VIEW;
  }
}

/** How the page frame looks with the home view's toggle on or off. */
export interface HomeFrame {
  /** The home view covers the browser window. */
  readonly fillWindow: boolean;
  /** Sidebar, top bar and tag bar are hidden. */
  readonly hideChrome: boolean;
  /** The user-info toolbar shows over the home view. */
  readonly userToolbar: boolean;
}

/** The frame while `on` is switched on (null: all off). A toggle the setting does not offer stays off. */
export function homeFrame(view: HomeView, on: HomeToggle | null): HomeFrame {
  const active = on !== null && view.toggles.includes(on) ? on : null;
  return {
    fillWindow: active === 'web-full-screen',
    hideChrome: active === 'hide-chrome' || active === 'user-toolbar',
    userToolbar: active === 'user-toolbar',
  };
}
