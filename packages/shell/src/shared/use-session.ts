import type { SessionState } from '@ops/shared';
import { useSyncExternalStore } from 'react';
import type { ShellServices } from './services';

/** The session, following its changes. */
export function useSessionState(services: Pick<ShellServices, 'session'>): SessionState {
  return useSyncExternalStore(
    (onChange) => {
      const sub = services.session.state$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => services.session.get(),
  );
}
