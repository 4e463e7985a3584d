import type { Clock } from '../src/session/clock';

/** A clock that moves only when told to; `advance` runs due timers in time order. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  pending(): number;
}

export function manualClock(start = 0): ManualClock {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; every: number; fn: () => void }>();
  const add = (fn: () => void, ms: number, every: number) => {
    const id = ++seq;
    timers.set(id, { at: now + ms, every, fn });
    return () => {
      timers.delete(id);
    };
  };
  return {
    now: () => now,
    setTimeout: (fn, ms) => add(fn, ms, 0),
    setInterval: (fn, ms) => add(fn, Math.max(1, ms), Math.max(1, ms)),
    pending: () => timers.size,
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let next: [number, { at: number; every: number; fn: () => void }] | undefined;
        for (const entry of timers)
          if (entry[1].at <= end && (!next || entry[1].at < next[1].at)) next = entry;
        if (!next) break;
        const [id, timer] = next;
        now = timer.at;
        if (timer.every) timer.at += timer.every;
        else timers.delete(id);
        timer.fn();
      }
      now = end;
    },
  };
}
