import type { Bus } from '@ops/shared';
import { useLayoutEffect, useMemo } from 'react';
import type { LayoutState } from '../shared/layout-state';
import type { ShellServices } from '../shared/services';
import { THEME_CLASSES, themeLook } from './theme';

/**
 * Applies a layout state's look to the page before it paints (spec §9 themes; root-config/src/frame.css):
 * the theme and font classes and the custom colours on `<html>` (dialogs and messages live outside the
 * frame), the logo position on the frame; publishes the `theme` state on the bus for parcels and sub-apps.
 * Undone when the chrome goes (the sign-in pages have the default look). The visual system has a look of
 * its own, whatever the user's layout state says.
 */
export function useThemeLook(state: LayoutState, visual: boolean, bus: Bus): void {
  // The visual system has its own look: the visual theme, whatever the layout state's.
  const layout = useMemo<LayoutState>(
    () => (visual ? { ...state, theme: 'theme-hzvisual', customColors: false } : state),
    [visual, state],
  );
  useLayoutEffect(() => {
    const root = document.documentElement;
    const look = themeLook(layout);
    root.classList.remove(...THEME_CLASSES);
    root.classList.add(...look.classes);
    for (const [name, value] of Object.entries(look.properties)) root.style.setProperty(name, value);
    const frame = document.querySelector<HTMLElement>('.ops-frame');
    if (frame) frame.dataset.logo = layout.logoPosition;
    bus.publish('theme', { theme: layout.theme, layout: layout.layout, fontSize: layout.fontSize });
    return () => {
      root.classList.remove(...look.classes);
      for (const name of Object.keys(look.properties)) root.style.removeProperty(name);
      if (frame) delete frame.dataset.logo;
    };
  }, [layout, bus]);
}

const SAVE_PATH = '/api/blade-system/user/save/layoutState';

/**
 * `save/layoutState` for the signed-in user (`null`: back to the defaults). Spec §8: a success is the
 * caller's message; any other answer shows nothing, so every refusal is quiet here. Answers whether the
 * server took it.
 */
export async function saveLayoutState(
  services: Pick<ShellServices, 'http'>,
  userId: string,
  layoutState: string | null,
): Promise<boolean> {
  try {
    await services.http.post(
      SAVE_PATH,
      { id: userId, layoutState },
      { quietCodes: [400, 401, 403, 404, 409, 413, 429, 500, 502, 503, 504] },
    );
    return true;
  } catch {
    return false;
  }
}
