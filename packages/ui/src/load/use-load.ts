import { isHttpError } from '@ops/shared';
import { useCallback, useEffect, useState } from 'react';

/**
 * Loading data for a page or a dialog: the state of one load, and the hook that runs it again when what
 * it reads changes. Shared by the shell's pages and every sub-app.
 */
export type Load<T> =
  /** Loading; `previous` is what the last load answered (a table keeps showing it meanwhile). */
  { state: 'loading'; previous?: T } | { state: 'done'; data: T } | { state: 'failed'; reason: string };

/** Why a call failed, for the page's error state: the server's or the client's message, if any. */
export function failureReason(error: unknown): string {
  return isHttpError(error) ? error.msg : '';
}

/** A call the user cancelled or that ended with the page: nothing to show. */
export const wasCancelled = (error: unknown, signal: AbortSignal) =>
  signal.aborted || (isHttpError(error) && error.canceled);

/** The data shown while a load is under way or after it: the last answer, if any. */
export function shown<T>(load: Load<T>): T | undefined {
  return load.state === 'done' ? load.data : load.state === 'loading' ? load.previous : undefined;
}

/** A signal that aborts when the calling component unmounts. */
export function useUnmountSignal(): AbortSignal {
  const [controller] = useState(() => new AbortController());
  useEffect(() => () => controller.abort(), [controller]);
  return controller.signal;
}

/**
 * Runs `load` now and whenever `key` changes (or `retry` is called), with a signal that ends with the next
 * run or with `signal`; a cancelled run changes nothing. `set` replaces the data with an answer the page
 * got otherwise (a change the server answered with the new state).
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  signal: AbortSignal,
): { load: Load<T>; retry: () => void; set: (data: T) => void } {
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // `key` names what `load` reads (a new function each render); `attempt` runs it again.
  useEffect(() => {
    const controller = new AbortController();
    const run = AbortSignal.any([controller.signal, signal]);
    setState((last) => ({ state: 'loading', previous: shown(last) }));
    load(run).then(
      (data) => {
        if (!run.aborted) setState({ state: 'done', data });
      },
      (error: unknown) => {
        if (!wasCancelled(error, run)) setState({ state: 'failed', reason: failureReason(error) });
      },
    );
    return () => controller.abort();
  }, [key, attempt, signal]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ state: 'done', data }), []);
  return { load: state, retry, set };
}
