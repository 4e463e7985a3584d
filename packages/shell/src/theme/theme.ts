import { canEnableVisual, isAdminRole } from '@ops/shared';
import {
  DEFAULT_LAYOUT_STATE,
  LAYOUT_COLORS,
  type Layout,
  type LayoutColor,
  type LayoutState,
  NAME_MAX,
} from '../shared/layout-state';

/**
 * The theme and layout customiser's rules (spec §3 Layout state, §4 Layout editing, §5 names, §6, §9;
 * DECISIONS 17), pure: what a layout state looks like on the page (classes and custom properties), how an
 * edit changes a draft, and what is saved.
 */

/** The CSS custom property (root-config/src/frame.css) each custom colour of the layout state sets. */
export const COLOR_PROPERTIES: Readonly<Record<LayoutColor, string>> = {
  topBgColor: '--ops-top-bg',
  topColor: '--ops-top-color',
  logoBgColor: '--ops-logo-bg',
  logoColor: '--ops-logo-color',
  menuBgColor: '--ops-menu-bg',
  menuColor: '--ops-menu-color',
  menuActiveBgColor: '--ops-menu-active-bg',
  menuActiveColor: '--ops-menu-active-color',
  menuHoverBgColor: '--ops-menu-hover-bg',
  menuHoverColor: '--ops-menu-hover-color',
  menuColumnsBgColor: '--ops-menu-columns-bg',
  menuColumnsColor: '--ops-menu-columns-color',
};

/** The primary colour's property; the derived tokens (hover, soft steps, Shoelace's) follow it. */
export const PRIMARY_PROPERTY = '--ops-primary';

/** What a layout state sets on `<html>`: classes and inline custom properties. */
export interface ThemeLook {
  readonly classes: readonly string[];
  readonly properties: Readonly<Record<string, string>>;
}

/**
 * The look of a layout state. A named theme is its class and nothing else: its own colours win (spec §4:
 * a named theme turns custom colours off). The default theme takes the primary colour and, when custom
 * colours are on, every custom colour that is set. `font-m` (16 px) is a class; `font-default` is the
 * console's base size and sets nothing (docs/decisions.md).
 */
export function themeLook(state: LayoutState): ThemeLook {
  const classes: string[] = [];
  const properties: Record<string, string> = {};
  if (state.theme !== '') classes.push(state.theme);
  if (state.fontSize === 'font-m') classes.push('font-m');
  if (state.theme === '') {
    if (state.colorName.toLowerCase() !== DEFAULT_LAYOUT_STATE.colorName.toLowerCase()) {
      properties[PRIMARY_PROPERTY] = state.colorName;
    }
    if (state.customColors) {
      for (const field of LAYOUT_COLORS) if (state[field]) properties[COLOR_PROPERTIES[field]] = state[field];
    }
  }
  return { classes, properties };
}

/** The classes any layout state may set, removed before a new look is applied. */
export const THEME_CLASSES = ['theme-hzblue', 'theme-hzblack', 'theme-hzvisual', 'font-m'] as const;

/** One edit of the drawer: a field and its new value. */
export type LayoutEdit = { [K in keyof LayoutState]: { field: K; value: LayoutState[K] } }[keyof LayoutState];

/**
 * A draft after one edit (spec §4 Layout editing):
 * - another layout resets the draft to that layout's defaults (the language is kept: it is the user's,
 *   not the layout's);
 * - the default theme turns custom colours on, a named theme turns them off;
 * - the platform tenant 000000 cannot turn the visual display on nor rename the two systems (§6);
 * - a name longer than 50 characters is refused (the draft stays as it was).
 */
export function editLayout(
  draft: LayoutState,
  edit: LayoutEdit,
  tenantId: string | null | undefined,
): LayoutState {
  if (edit.field === 'layout') {
    if (edit.value === draft.layout) return draft;
    return layoutDefaults(edit.value, draft.language);
  }
  if (edit.field === 'theme') return { ...draft, theme: edit.value, customColors: edit.value === '' };
  const own = canEnableVisual(tenantId);
  if (
    !own &&
    (edit.field === 'showVisual' || edit.field === 'manageSystemName' || edit.field === 'visualSystemName')
  ) {
    return draft;
  }
  if (typeof edit.value === 'string' && isName(edit.field) && [...edit.value].length > NAME_MAX) return draft;
  return { ...draft, [edit.field]: edit.value };
}

const isName = (field: keyof LayoutState) =>
  field === 'indexTitle' || field === 'manageSystemName' || field === 'visualSystemName';

/** The defaults of a layout: every field its default, the layout the one given. */
export function layoutDefaults(layout: Layout, language: LayoutState['language'] = null): LayoutState {
  return { ...DEFAULT_LAYOUT_STATE, layout, language };
}

/** The draft differs from what is saved (the drawer asks before discarding it). */
export function hasChanges(saved: LayoutState, draft: LayoutState): boolean {
  return (Object.keys(saved) as (keyof LayoutState)[]).some((field) => saved[field] !== draft[field]);
}

/** The text `save/layoutState` stores: the whole state as a JSON object (spec §7). */
export function layoutStateText(state: LayoutState): string {
  return JSON.stringify(state);
}

/** Characters of a name, for the `n/50` counters (code points, as the limit counts them). */
export const nameLength = (value: string): number => [...value].length;

/** The top bar's theme-drawer button (DECISIONS 17): any role name containing `admin`, ignoring case. */
export function showsThemeDrawer(roleName: string | readonly string[] | null | undefined): boolean {
  return isAdminRole(roleName);
}
