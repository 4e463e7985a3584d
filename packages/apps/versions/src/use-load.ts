import { isHttpError } from '@ops/shared';
import { useCallback, useEffect, useState } from 'react';

export type Load<T> =
  /** Loading; `previous` is what the last load answered (a table keeps showing it meanwhile). */
  { state: 'loading'; previous?: T } | { state: 'done'; data: T } | { state: 'failed'; reason: string };

/** Why a load failed, for the page's error state: the server's or the client's message, if any. */
export function failureReason(error: unknown): string {
  if (isHttpError(error)) return error.msg;
  return '';
}

/**
 * Runs `load` now and whenever `key` changes (or `retry` is called), with a signal that ends with the next
 * run, the mount or the host's signal; a cancelled run changes nothing.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  hostSignal: AbortSignal,
): { load: Load<T>; retry: () => void } {
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // `key` names what `load` reads (a new function each render); `attempt` runs it again.
  useEffect(() => {
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, hostSignal]);
    setState((last) => ({
      state: 'loading',
      previous: last.state === 'done' ? last.data : last.state === 'loading' ? last.previous : undefined,
    }));
    load(signal).then(
      (data) => {
        if (!signal.aborted) setState({ state: 'done', data });
      },
      (error: unknown) => {
        if (!signal.aborted && !(isHttpError(error) && error.canceled)) {
          setState({ state: 'failed', reason: failureReason(error) });
        }
      },
    );
    return () => controller.abort();
  }, [key, attempt, hostSignal]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { load: state, retry };
}
