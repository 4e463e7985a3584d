import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'done'; value: T } | { state: 'failed' };

/**
 * Loads with `load` whenever `key` changes (or `reload()` is called). Each load gets a signal that ends
 * with the mount (`signal`, the host's) and when a newer load starts or the page goes away; an aborted
 * load changes nothing. A failed load ends in `failed`: the console's client has already told the user why.
 */
export function useLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  signal: AbortSignal,
): { load: Load<T>; reload: () => void } {
  const [state, setState] = useState<Load<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    const own = new AbortController();
    const both = AbortSignal.any([signal, own.signal]);
    setState({ state: 'loading' });
    latest.current(both).then(
      (value) => {
        if (!both.aborted) setState({ state: 'done', value });
      },
      () => {
        if (!both.aborted) setState({ state: 'failed' });
      },
    );
    return () => own.abort();
  }, [key, round, signal]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { load: state, reload };
}
