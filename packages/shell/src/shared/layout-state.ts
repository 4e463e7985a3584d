import { type Language, type LayoutStateLike, normalizeLanguage, parseLayoutState } from '@ops/shared';

/**
 * A user's layout state (spec §3): the look and the chrome's parts the user chose, read from user info and
 * saved by the theme drawer. Pure; the frame, the theme, the top bar and the system rules all read it.
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
