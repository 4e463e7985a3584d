import { useSyncExternalStore } from 'react';
import type { ShellServices } from '../shared/services';

/** What the error-log button and viewer use of the shell's services. */
export type ErrorLogServices = Pick<ShellServices, 'errorLog' | 'session' | 'http' | 'notify' | 'storage'>;

/** The local error log's entries, following its changes. */
export function useEntries(errorLog: ErrorLogServices['errorLog']) {
  return useSyncExternalStore(
    (onChange) => {
      const sub = errorLog.entries$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => errorLog.entries(),
  );
}
