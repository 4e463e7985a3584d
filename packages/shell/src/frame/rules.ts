import {
  canEnableVisual,
  isAdminRole,
  type Language,
  type LayoutStateLike,
  normalizeLanguage,
  parseLayoutState,
  type SiteConfig,
  type SystemType,
  showsSiteSwitch,
  systemType,
} from '@ops/shared';

/**
 * Layout rules of the chrome (spec §2 Shell parts, §3 Layout state, §4 System type, §6, §9; DECISIONS 17,
 * 18), pure: the caller passes the user info, window sizes and stored values and applies the answers.
 */

export const LAYOUTS = ['vertical', 'classic', 'transverse', 'columns'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** '' is the default theme. */
export const THEMES = ['', 'theme-hzblue', 'theme-hzblack', 'theme-hzvisual'] as const;
export type Theme = (typeof THEMES)[number];

/** font-m is the large size (16), font-default the default (12) (spec §9). */
export const FONT_SIZES = ['font-default', 'font-m'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

export const LOGO_POSITIONS = ['left', 'center', 'right'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

/** The custom colours of the layout state (spec §3); '' leaves the theme's own colour. */
export const LAYOUT_COLORS = [
  'topBgColor',
  'topColor',
  'logoBgColor',
  'logoColor',
  'menuBgColor',
  'menuColor',
  'menuActiveBgColor',
  'menuActiveColor',
  'menuHoverBgColor',
  'menuHoverColor',
  'menuColumnsBgColor',
  'menuColumnsColor',
] as const;
export type LayoutColor = (typeof LAYOUT_COLORS)[number];

/** A user's layout state (spec §3), every field present and valid. */
export interface LayoutState extends Readonly<Record<LayoutColor, string>> {
  readonly layout: Layout;
  readonly theme: Theme;
  /** The title over the menu; '' means the site config's title. At most 50 characters (spec §5). */
  readonly indexTitle: string;
  readonly fontSize: FontSize;
  readonly logoPosition: LogoPosition;
  /** The primary colour (a CSS colour, spec §9 default `#409EFF`). */
  readonly colorName: string;
  /** The user's language; null when the layout state names none (the stored language applies). */
  readonly language: Language | null;
  readonly isCollapse: boolean;
  readonly moreBtn: boolean;
  readonly searchBtn: boolean;
  readonly topMenuBtn: boolean;
  readonly showVisual: boolean;
  /** '' means the site config's name. At most 50 characters (spec §5). */
  readonly manageSystemName: string;
  /** '' means the site config's name. At most 50 characters (spec §5). */
  readonly visualSystemName: string;
  /** The custom colours apply (spec §4: on with the default theme, off with a named one). */
  readonly customColors: boolean;
}

export const DEFAULT_LAYOUT_STATE: LayoutState = Object.freeze({
  layout: 'vertical',
  theme: '',
  indexTitle: '',
  fontSize: 'font-default',
  logoPosition: 'left',
  colorName: '#409EFF',
  language: null,
  isCollapse: false,
  moreBtn: true,
  searchBtn: true,
  topMenuBtn: true,
  showVisual: false,
  manageSystemName: '',
  visualSystemName: '',
  customColors: true,
  topBgColor: '',
  topColor: '',
  logoBgColor: '',
  logoColor: '',
  menuBgColor: '',
  menuColor: '',
  menuActiveBgColor: '',
  menuActiveColor: '',
  menuHoverBgColor: '',
  menuHoverColor: '',
  menuColumnsBgColor: '',
  menuColumnsColor: '',
});

/** Spec §5: index title and system names at most 50 characters. */
export const NAME_MAX = 50;

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** true/false, or their text (as the platform sometimes stores them); anything else is the default. */
function bool(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return fallback;
}

/** A name of at most 50 characters (code points); a longer one, or not a string, is the default. */
function name(value: unknown, fallback: string): string {
  return typeof value === 'string' && [...value].length <= NAME_MAX ? value : fallback;
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NUMBER = String.raw`\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)%?\s*`;
const FUNCTION = new RegExp(String.raw`^(?:rgba?|hsla?)\((?:${NUMBER},){2}${NUMBER}(?:,${NUMBER})?\)$`, 'i');

/**
 * A colour the layout may set: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, or `rgb()`/`rgba()`/`hsl()`/`hsla()`
 * with comma-separated numbers. Nothing else reaches a style (no `url(...)`, `var(...)` or `;`).
 */
export function isLayoutColor(value: unknown): value is string {
  return typeof value === 'string' && (HEX.test(value) || FUNCTION.test(value));
}

function color(value: unknown, fallback: string): string {
  return isLayoutColor(value) ? value : fallback;
}

/** The layout state as user info carries it: JSON text, an object, or nothing. */
function rawLayout(layoutState: unknown): LayoutStateLike {
  if (typeof layoutState === 'string') return parseLayoutState(layoutState);
  if (typeof layoutState === 'object' && layoutState !== null && !Array.isArray(layoutState)) {
    return parseLayoutState(layoutState as LayoutStateLike);
  }
  return {};
}

/**
 * A user's `layoutState` (the JSON text of user info, spec §3) as a complete, valid state. Missing,
 * corrupt or not-an-object text gives the defaults (layout vertical, default theme, ...); each field of
 * the wrong type or outside its values falls back to its default on its own; unknown fields are dropped.
 * Never throws.
 */
export function parseLayout(layoutState: unknown): LayoutState {
  try {
    return readLayout(rawLayout(layoutState));
  } catch {
    // An object whose fields throw when read (not JSON): no preference.
    return DEFAULT_LAYOUT_STATE;
  }
}

function readLayout(raw: LayoutStateLike): LayoutState {
  const d = DEFAULT_LAYOUT_STATE;
  const colors = {} as Record<LayoutColor, string>;
  for (const field of LAYOUT_COLORS) colors[field] = color(raw[field], d[field]);
  return {
    layout: oneOf(LAYOUTS, raw.layout, d.layout),
    theme: oneOf(THEMES, raw.theme, d.theme),
    indexTitle: name(raw.indexTitle, d.indexTitle),
    fontSize: oneOf(FONT_SIZES, raw.fontSize, d.fontSize),
    logoPosition: oneOf(LOGO_POSITIONS, raw.logoPosition, d.logoPosition),
    colorName: color(raw.colorName, d.colorName),
    language: normalizeLanguage(raw.language) ?? d.language,
    isCollapse: bool(raw.isCollapse, d.isCollapse),
    moreBtn: bool(raw.moreBtn, d.moreBtn),
    searchBtn: bool(raw.searchBtn, d.searchBtn),
    topMenuBtn: bool(raw.topMenuBtn, d.topMenuBtn),
    showVisual: bool(raw.showVisual, d.showVisual),
    manageSystemName: name(raw.manageSystemName, d.manageSystemName),
    visualSystemName: name(raw.visualSystemName, d.visualSystemName),
    customColors: bool(raw.customColors, d.customColors),
    ...colors,
  };
}

/** How the sidebar shows the menu (spec §2 Shell parts: vertical, horizontal or column modes). */
export type MenuMode = 'vertical' | 'horizontal' | 'columns';

/** The page frame of one layout: which parts it has and where. */
export interface LayoutFrame {
  readonly menuMode: MenuMode;
  /** A sidebar on the left (with the vertical menu, or the submenu of the chosen column). */
  readonly sidebar: boolean;
  /** A narrow bar of first-level menu items left of the sidebar (columns layout). */
  readonly columnsBar: boolean;
  /** The top bar spans the whole width, the logo in it; otherwise the logo heads the sidebar. */
  readonly topBarFullWidth: boolean;
}

const FRAMES: Readonly<Record<Layout, LayoutFrame>> = {
  vertical: { menuMode: 'vertical', sidebar: true, columnsBar: false, topBarFullWidth: false },
  classic: { menuMode: 'vertical', sidebar: true, columnsBar: false, topBarFullWidth: true },
  transverse: { menuMode: 'horizontal', sidebar: false, columnsBar: false, topBarFullWidth: true },
  columns: { menuMode: 'columns', sidebar: true, columnsBar: true, topBarFullWidth: false },
};

/**
 * The four layouts (spec §3): vertical (sidebar with the logo, top bar beside it), classic (top bar across
 * with the logo, sidebar under it), transverse (top bar across with a horizontal menu, no sidebar) and
 * columns (first-level items in a column bar, their submenus in the sidebar).
 */
export function layoutFrame(layout: Layout): LayoutFrame {
  return FRAMES[layout];
}

/** Screen size class (spec §9): width at least 1200 -> 3, 992 -> 2, 768 -> 1, else 0. */
export type Breakpoint = 0 | 1 | 2 | 3;

export function screenBreakpoint(width: number): Breakpoint {
  if (width >= 1200) return 3;
  if (width >= 992) return 2;
  if (width >= 768) return 1;
  return 0;
}

/** Sidebar width in px (spec §2, §9): draggable between 210 and 400, 210 by default. */
export const SIDEBAR_WIDTH = { min: 210, max: 400, initial: 210 } as const;

/** A dragged width clamped to 210-400 and rounded to whole pixels; not a finite number: 210. */
export function clampSidebarWidth(width: number): number {
  if (!Number.isFinite(width)) return SIDEBAR_WIDTH.initial;
  return Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, Math.round(width)));
}

/**
 * A persisted sidebar width: a number, or a text of a plain decimal number (`'320'`, `' 320.5 '`), clamped
 * like a drag. Anything else (`'320px'`, `''`, `null`, NaN, an object) is the default 210.
 */
export function parseSidebarWidth(stored: unknown): number {
  if (typeof stored === 'number') return clampSidebarWidth(stored);
  if (typeof stored === 'string' && /^\s*\d+(?:\.\d+)?\s*$/.test(stored)) {
    return clampSidebarWidth(Number(stored));
  }
  return SIDEBAR_WIDTH.initial;
}

/** Top-menu width (spec §9, DECISIONS 18): the window width minus 600; when that is not positive, 700. */
export function topMenuWidth(windowWidth: number): number {
  const width = windowWidth - 600;
  return Number.isFinite(width) && width > 0 ? width : 700;
}

/** Spec §9: the horizontal menu scrolls 60 px per wheel step. */
export const WHEEL_STEP = 60;

/**
 * The horizontal menu's scrollLeft after one wheel event: 60 px right for a positive deltaY, left for a
 * negative one, none for 0, kept within 0..max. Non-finite input counts as 0.
 */
export function wheelScrollLeft(scrollLeft: number, deltaY: number, max: number): number {
  const finite = (n: number) => (Number.isFinite(n) ? n : 0);
  const limit = Math.max(0, finite(max));
  const step = Math.sign(finite(deltaY)) * WHEEL_STEP;
  return Math.min(limit, Math.max(0, finite(scrollLeft) + step));
}

/** The top bar's theme-drawer button (DECISIONS 17): any role name containing `admin`, ignoring case. */
export function showsThemeDrawer(roleName: string | readonly string[] | null | undefined): boolean {
  return isAdminRole(roleName);
}

/** The user dropdown's entries (spec §2, issue 10), in order. */
export const USER_MENU_ITEMS = [
  'home',
  'personalInfo',
  'switchSite',
  'returnToMainSite',
  'lock',
  'logout',
] as const;
export type UserMenuItem = (typeof USER_MENU_ITEMS)[number];

export interface UserMenuInput {
  /** The station flag: the site config's `stationEnabled`, or the tenant's `stationFlag` of user info. */
  stationFlag: boolean | null | undefined;
  tenantId: string | null | undefined;
}

/**
 * The user dropdown's entries for a session: "switch site" and "return to main site" only when the
 * station flag is on and the tenant is not the platform's 000000 (spec §6).
 */
export function userMenuItems({ stationFlag, tenantId }: UserMenuInput): UserMenuItem[] {
  const site = showsSiteSwitch(stationFlag, tenantId);
  return USER_MENU_ITEMS.filter((item) => site || (item !== 'switchSite' && item !== 'returnToMainSite'));
}

/**
 * The system type (spec §4) for a parsed layout: visual only for a tenant other than 000000, an account
 * other than admin and hzinfo, and `showVisual` on. The rule is `systemType` of @ops/shared.
 */
export function systemTypeOf(
  user: { tenantId: string | null | undefined; account: string | null | undefined },
  layout: Pick<LayoutState, 'showVisual'>,
): SystemType {
  return systemType({ ...user, layoutState: { showVisual: layout.showVisual } });
}

export interface SystemNames {
  readonly manage: string;
  readonly visual: string;
}

/**
 * The names of the two systems (footer entry, visual-system button): the layout's when set, for a tenant
 * that may rename them (spec §6: not the platform tenant 000000); else the site config's.
 */
export function systemNames(
  layout: Pick<LayoutState, 'manageSystemName' | 'visualSystemName'>,
  config: Pick<SiteConfig, 'manageSystemName' | 'visualSystemName'>,
  tenantId: string | null | undefined,
): SystemNames {
  const own = canEnableVisual(tenantId);
  const pick = (mine: string, theirs: string) => (own && mine.trim() !== '' ? mine : theirs);
  return {
    manage: pick(layout.manageSystemName, config.manageSystemName),
    visual: pick(layout.visualSystemName, config.visualSystemName),
  };
}

/** What a tab keeps when its user switches between the two systems (KEYS.systemType). */
export interface StoredSystem {
  readonly tenantId: string;
  readonly account: string;
  readonly type: SystemType;
}

/**
 * The system a tab shows (spec §4 System type): the one its user switched to, when the stored choice is
 * this user's (tenant and account); otherwise the rule's (`systemTypeOf`). Anything else stored is ignored.
 */
export function activeSystem(
  rule: SystemType,
  stored: unknown,
  user: { tenantId: string | null | undefined; account: string | null | undefined },
): SystemType {
  if (typeof stored !== 'object' || stored === null) return rule;
  const { tenantId, account, type } = stored as Partial<StoredSystem>;
  const mine = tenantId === (user.tenantId ?? '') && account === (user.account ?? '');
  return mine && (type === 'visual' || type === 'manage') ? type : rule;
}

/** Spec §9: the visual system's left bar is 142 px wide. */
export const VISUAL_BAR_WIDTH = 142;
