/** Time as the shared core sees it: injected so tests drive timers without waiting real seconds. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): () => void;
  setInterval(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const id = globalThis.setTimeout(fn, ms);
    return () => globalThis.clearTimeout(id);
  },
  setInterval(fn, ms) {
    const id = globalThis.setInterval(fn, ms);
    return () => globalThis.clearInterval(id);
  },
};
