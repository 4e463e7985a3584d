/**
 * Every call in flight, with its AbortController: a newer cancellable call aborts the older one of the
 * same kind, and logout or a tenant or station switch aborts them all. A lasting call (the token refresh)
 * outlives an abort that keeps the user signed in (a station switch): dropping its answer would lose the
 * rotated refresh token.
 */
export interface InFlight {
  /** Registers a call; returns its signal (also following the caller's own signal) and the release. */
  begin(
    kind: string | null,
    callerSignal?: AbortSignal | null,
    lasting?: boolean,
  ): { signal: AbortSignal; end: () => void };
  /** Aborts every call; with `keepLasting`, lasting calls go on. */
  abortAll(reason: string, keepLasting?: boolean): void;
  size(): number;
}

export const CANCELED_BY_NEWER = 'canceled by a newer request of the same kind';

export function createInFlight(): InFlight {
  const all = new Set<AbortController>();
  const lastingOnes = new WeakSet<AbortController>();
  const latest = new Map<string, AbortController>();
  return {
    begin(kind, callerSignal, lasting = false) {
      const controller = new AbortController();
      if (callerSignal?.aborted) controller.abort(callerSignal.reason);
      const follow = () => controller.abort(callerSignal?.reason);
      callerSignal?.addEventListener('abort', follow, { once: true });
      if (kind !== null) {
        latest.get(kind)?.abort(CANCELED_BY_NEWER);
        latest.set(kind, controller);
      }
      all.add(controller);
      if (lasting) lastingOnes.add(controller);
      return {
        signal: controller.signal,
        end() {
          all.delete(controller);
          callerSignal?.removeEventListener('abort', follow);
          if (kind !== null && latest.get(kind) === controller) latest.delete(kind);
        },
      };
    },
    abortAll(reason, keepLasting = false) {
      const ending = new Set([...all].filter((c) => !(keepLasting && lastingOnes.has(c))));
      for (const controller of ending) all.delete(controller);
      for (const [kind, controller] of latest) if (ending.has(controller)) latest.delete(kind);
      for (const controller of ending) controller.abort(reason);
    },
    size: () => all.size,
  };
}

/** The kind a cancellable call belongs to: its explicit name, else method and path without the query. */
export function cancelKind(
  cancellable: boolean | string | undefined,
  method: string | undefined,
  url: string | undefined,
): string | null {
  if (!cancellable) return null;
  if (typeof cancellable === 'string') return cancellable;
  return `${(method ?? 'get').toUpperCase()} ${(url ?? '').split('?')[0]}`;
}
