import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFullscreen = () => document.fullscreenElement !== null;

/** Whether the page is in browser fullscreen (following the browser's own events: F11, Esc) and a toggle. */
export function useFullscreen(): [boolean, () => Promise<void>] {
  const on = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const toggle = useCallback(async () => {
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else await document.documentElement.requestFullscreen();
    } catch {
      // Refused by the browser (no user gesture, a policy): the button keeps following the real state.
    }
  }, []);
  return [on, toggle];
}
