import type { Clock } from '../session/clock';

/**
 * Lets a message through once per burst: after one is shown, more of the same are swallowed until the
 * failures have stopped for `quietMs` (spec §8: the network message is shown once).
 */
export function createBurstGate(clock: Clock, quietMs = 3000): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const now = clock.now();
    const show = now - last > quietMs;
    last = now;
    return show;
  };
}
