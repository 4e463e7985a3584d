/** Time as the countdowns see it (the shared core's `Clock` shape): tests pass a manual one. */
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
