import type { Layout } from '../shared/layout-state';

/**
 * The page frame's rules (spec §2 Shell parts, §9; DECISIONS 18), pure: the caller passes the layout,
 * window sizes and stored values and applies the answers.
 */

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

/** Spec §9: the visual system's left bar is 142 px wide. */
export const VISUAL_BAR_WIDTH = 142;

/** The column bar's width in px (columns layout): the first-level items, mark over name. */
export const COLUMNS_BAR_WIDTH = 80;

/** The sidebar's width while collapsed: its marks only. */
const COLLAPSED_WIDTH = 64;

/** Spec §9: window resizes are followed after 300 ms of quiet. */
export const RESIZE_DEBOUNCE_MS = 300;

/**
 * The width of the frame's sidebar track (`--ops-sidebar-width`, root-config/src/frame.css): the visual
 * system's bar (none while folded), else the column bar plus the sidebar (its marks while collapsed),
 * else nothing for a layout without a sidebar.
 */
export function sidebarTrack(input: {
  visual: boolean;
  frame: LayoutFrame;
  collapsed: boolean;
  width: number;
}): string {
  const { visual, frame, collapsed, width } = input;
  if (visual) return `${collapsed ? 0 : VISUAL_BAR_WIDTH}px`;
  if (!frame.sidebar) return '0px';
  const columns = frame.columnsBar ? COLUMNS_BAR_WIDTH : 0;
  return `${columns + (collapsed ? COLLAPSED_WIDTH : width)}px`;
}
