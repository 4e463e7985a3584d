import { failureMessage, isHttpError, shownByClient } from '@ops/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface SubmitOptions<R> {
  /** After the action succeeded (not once the form is gone). */
  onSuccess?: (result: R) => void;
  /** After the action failed (not for a cancelled call): e.g. a new captcha. */
  onFailure?: (error: unknown) => void;
  /** What `error` says when the failure carries no message of its own (e.g. "Saving failed"). */
  fallback?: string;
  /** Also shows the form's error as a toast (where the error line may be out of sight). */
  notify?: (text: string) => void;
  /** Ends the form's interest besides its unmount (the session, the page): nothing changes after it. */
  signal?: AbortSignal;
}

export interface Submit<A extends unknown[], R> {
  /**
   * Runs the action, one at a time: a call while one is under way does nothing (one request per click,
   * however fast the clicks). Answers the action's result, or undefined when it failed or did not run.
   */
  run: (...args: A) => Promise<R | undefined>;
  /** The action is under way: the form's buttons show it and do nothing. */
  busy: boolean;
  /** Why the last run failed, when the form is the one to say it; '' otherwise. */
  error: string;
  /** Sets the form's error line (a check the form made itself), or clears it with ''. */
  setError: (text: string) => void;
}

/**
 * Writing from a form: the one submit flow of every form in the console, beside `useLoad` for reading.
 * The error is shown once: a failure the console's client has already told the user about (a toast
 * from the error catalogue) leaves `error` empty; a quiet code or a failure outside the client sets it to
 * its message (or `fallback`). A cancelled call, and anything after the form unmounted, changes nothing.
 */
export function useSubmit<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: SubmitOptions<R> = {},
): Submit<A, R> {
  // Busy and the error change together: one render per step of a run.
  const [{ busy, error }, setState] = useState({ busy: false, error: '' });
  const inFlight = useRef(false);
  const latest = useRef({ action, options });
  latest.current = { action, options };
  const [unmounted] = useState(() => new AbortController());
  useEffect(() => () => unmounted.abort(), [unmounted]);

  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      if (inFlight.current) return undefined;
      const { action: act, options: opts } = latest.current;
      const ended = () => unmounted.signal.aborted || opts.signal?.aborted === true;
      inFlight.current = true;
      setState({ busy: true, error: '' });
      try {
        const result = await act(...args);
        if (!ended()) opts.onSuccess?.(result);
        return result;
      } catch (cause) {
        if (ended() || (isHttpError(cause) && cause.canceled)) return undefined;
        const text = shownByClient(cause) ? '' : failureMessage(cause) || opts.fallback || '';
        setState((now) => ({ ...now, error: text }));
        if (text) opts.notify?.(text);
        opts.onFailure?.(cause);
        return undefined;
      } finally {
        inFlight.current = false;
        if (!unmounted.signal.aborted) setState((now) => ({ ...now, busy: false }));
      }
    },
    [unmounted],
  );
  const setError = useCallback((text: string) => setState((now) => ({ ...now, error: text })), []);
  return { run, busy, error, setError };
}
