import type { Clock } from '../session/clock';

/**
 * Runs a task in at most one tab of the console at a time. The refresh token rotates on every use and the
 * server revokes the whole family when a spent one comes back, so only one tab may refresh at once; the
 * others wait, then find the new tokens in storage.
 */
export interface TabMutex {
  run<T>(name: string, task: () => Promise<T>): Promise<T>;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** Web Locks: exclusive across every tab and worker of the origin, released even when a tab dies. */
export function webLocksMutex(locks: LockManagerLike): TabMutex {
  return { run: (name, task) => locks.request(name, () => task()) };
}

/** Within one tab only: a queue. */
export function localMutex(): TabMutex {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run(name, task) {
      const previous = tails.get(name) ?? Promise.resolve();
      const result = previous.catch(() => undefined).then(task);
      const tail = result.catch(() => undefined);
      tails.set(name, tail);
      tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return result;
    },
  };
}

interface Claim {
  type: 'claim' | 'release';
  name: string;
  id: string;
}

/**
 * Without Web Locks: a tab announces a claim on a BroadcastChannel, waits a moment for a rival claim, and
 * yields to the smaller id; claims expire so a closed tab cannot hold the lock forever.
 */
export function broadcastMutex(
  channel: Pick<BroadcastChannel, 'postMessage' | 'addEventListener'>,
  clock: Clock,
  options: { claimWaitMs?: number; expireMs?: number } = {},
): TabMutex {
  const claimWait = options.claimWaitMs ?? 60;
  const expire = options.expireMs ?? 15_000;
  const others = new Map<string, { name: string; at: number }>();
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  channel.addEventListener('message', (event: MessageEvent) => {
    const claim = event.data as Claim;
    if (!claim || typeof claim.id !== 'string') return;
    if (claim.type === 'claim') others.set(claim.id, { name: claim.name, at: clock.now() });
    else if (claim.type === 'release') {
      others.delete(claim.id);
      wake();
    }
  });
  const rivals = (name: string, below?: string) => {
    const now = clock.now();
    return [...others].some(
      ([id, c]) => c.name === name && now - c.at < expire && (below === undefined || id < below),
    );
  };
  /**
   * Waits `ms`; a wakeable wait also ends when another tab releases. The claim wait must not be
   * wakeable: ended early by some unrelated release, it could miss a rival's claim still on its way.
   */
  const sleep = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      const done = () => {
        waiters.delete(done);
        stop();
        resolve();
      };
      const stop = clock.setTimeout(done, ms);
      if (wakeable) waiters.add(done);
    });
  const local = localMutex();
  return {
    run(name, task) {
      return local.run(name, async () => {
        for (;;) {
          while (rivals(name)) await sleep(expire, true);
          const id = `${clock.now().toString(36).padStart(10, '0')}-${Math.random().toString(36).slice(2)}`;
          channel.postMessage({ type: 'claim', name, id } satisfies Claim);
          await sleep(claimWait, false);
          if (rivals(name, id)) {
            channel.postMessage({ type: 'release', name, id } satisfies Claim);
            continue;
          }
          try {
            return await task();
          } finally {
            channel.postMessage({ type: 'release', name, id } satisfies Claim);
          }
        }
      });
    },
  };
}

export function defaultTabMutex(prefix: string, clock: Clock): TabMutex {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  if (locks && typeof locks.request === 'function') return webLocksMutex(locks);
  if (typeof BroadcastChannel === 'function') {
    return broadcastMutex(new BroadcastChannel(`${prefix}token-refresh`), clock);
  }
  return localMutex();
}
