/**
 * Every call in flight, with its AbortController: a newer cancellable call aborts the older one of the
 * same kind, and logout or a tenant or station switch aborts them all.
 */
export interface InFlight {
  /** Registers a call; returns its signal (also following the caller's own signal) and the release. */
  begin(kind: string | null, callerSignal?: AbortSignal | null): { signal: AbortSignal; end: () => void };
  abortAll(reason: string): void;
  size(): number;
}

export const CANCELED_BY_NEWER = 'canceled by a newer request of the same kind';

export function createInFlight(): InFlight {
  const all = new Set<AbortController>();
  const latest = new Map<string, AbortController>();
  return {
    begin(kind, callerSignal) {
      const controller = new AbortController();
      if (callerSignal?.aborted) controller.abort(callerSignal.reason);
      const follow = () => controller.abort(callerSignal?.reason);
      callerSignal?.addEventListener('abort', follow, { once: true });
      if (kind !== null) {
        latest.get(kind)?.abort(CANCELED_BY_NEWER);
        latest.set(kind, controller);
      }
      all.add(controller);
      return {
        signal: controller.signal,
        end() {
          all.delete(controller);
          callerSignal?.removeEventListener('abort', follow);
          if (kind !== null && latest.get(kind) === controller) latest.delete(kind);
        },
      };
    },
    abortAll(reason) {
      const controllers = [...all];
      all.clear();
      latest.clear();
      for (const controller of controllers) controller.abort(reason);
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
