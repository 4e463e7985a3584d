import { loadShared } from '@ops/shared';
import { useEffect, useSyncExternalStore } from 'react';

let loading: Promise<void> | null = null;
let loaded = false;
const listeners = new Set<() => void>();

/**
 * Registers the console's Shoelace components (`@ops/shoelace`, its own import-map entry) on first use:
 * the building blocks that need them load them, so pages without a dialog, tooltip or spinner (the
 * sign-in pages) never fetch them. One request however often it is called; a failed load is tried again
 * on the next call.
 */
export function loadShoelace(): Promise<void> {
  loading ??= loadShared(() => import('@ops/shoelace')).then(
    () => {
      loaded = true;
      for (const listener of [...listeners]) listener();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Whether Shoelace's components are registered now. */
export function shoelaceLoaded(): boolean {
  return loaded;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * Whether Shoelace's components are registered; while `wanted` (by default), starts loading them. The
 * caller renders its Shoelace elements only once this answers true.
 */
export function useShoelace(wanted = true): boolean {
  const ready = useSyncExternalStore(subscribe, shoelaceLoaded, shoelaceLoaded);
  useEffect(() => {
    // A failure leaves the caller without its Shoelace parts; the next caller (or the next open) retries.
    if (wanted && !loaded) loadShoelace().catch(() => undefined);
  }, [wanted]);
  return ready;
}
