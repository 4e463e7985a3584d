import { KEYS } from '@ops/shared';
import { useEffect, useState } from 'react';
import type { LayoutState } from '../shared/layout-state';
import type { ShellServices } from '../shared/services';
import {
  clampSidebarWidth,
  type LayoutFrame,
  layoutFrame,
  parseSidebarWidth,
  RESIZE_DEBOUNCE_MS,
  screenBreakpoint,
  sidebarTrack,
} from './rules';

/** The window's width, followed after 300 ms of quiet (spec §9). */
function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const resized = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setWidth(window.innerWidth), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', resized);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', resized);
    };
  }, []);
  return width;
}

export interface Frame {
  /** Which parts the layout has and where. */
  frame: LayoutFrame;
  /** The sidebar (or the visual bar) is folded to its marks. */
  collapsed: boolean;
  toggleCollapsed(): void;
  /** The sidebar's width in px, as the user dragged it (kept in the site's storage). */
  width: number;
  resize(width: number): void;
  windowWidth: number;
}

/**
 * The page frame of the signed-in chrome: the layout is the frame's grid template (root-config's
 * frame.css, `data-layout`), the sidebar's width one of its tracks. Below the 992 px breakpoint (spec §9)
 * the sidebar folds to its marks; the user may open it again. Undone when the chrome goes.
 */
export function useFrame(services: ShellServices, layout: LayoutState, visual: boolean): Frame {
  const frame = layoutFrame(layout.layout);
  const [collapsed, setCollapsed] = useState(layout.isCollapse);
  useEffect(() => setCollapsed(layout.isCollapse), [layout.isCollapse]);
  const [width, setWidth] = useState(() => parseSidebarWidth(services.storage.get(KEYS.sidebarWidth)));
  const windowWidth = useWindowWidth();
  const narrow = screenBreakpoint(windowWidth) < 2;
  useEffect(() => {
    if (narrow) setCollapsed(true);
  }, [narrow]);

  useEffect(() => {
    const element = document.querySelector<HTMLElement>('.ops-frame');
    if (!element) return;
    element.dataset.layout = visual ? 'visual' : layout.layout;
    element.style.setProperty('--ops-sidebar-width', sidebarTrack({ visual, frame, collapsed, width }));
    return () => {
      delete element.dataset.layout;
      element.style.removeProperty('--ops-sidebar-width');
    };
  }, [visual, layout.layout, frame, collapsed, width]);

  return {
    frame,
    collapsed,
    toggleCollapsed: () => setCollapsed((now) => !now),
    width,
    resize(next) {
      const clamped = clampSidebarWidth(next);
      setWidth(clamped);
      services.storage.set(KEYS.sidebarWidth, clamped);
    },
    windowWidth,
  };
}
