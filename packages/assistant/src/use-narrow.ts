import { type RefObject, useEffect, useState } from 'react';

/** Below this width (px) the dialog lays its blocks out in one column (spec §4's `narrow` flag). */
export const NARROW_WIDTH = 520;

/**
 * Spec §4's `narrow`: the dialog is narrow (its small mode, a narrow window, or the AI page beside its
 * media), so lists, controls and facts stack instead of sitting side by side.
 */
export function useNarrow(ref: RefObject<HTMLElement | null>, key: unknown): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    // `key` is what remounts the observed element (the dialog opening): observe the new one.
    void key;
    const element = ref.current;
    if (!element) return;
    const measure = () => setNarrow(element.clientWidth > 0 && element.clientWidth < NARROW_WIDTH);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, [ref, key]);
  return narrow;
}
