import { distinctUntilChanged, map, type Observable, Subject } from 'rxjs';
import type { SessionState } from './state';

/**
 * A session context is one signed-in user in one tenant on one station. Everything started for it
 * (HTTP calls, sockets, streams, a parcel's work) must stop when it ends: logout, a tenant switch or a
 * station switch. `signal()` is the current context's signal; it aborts, with the reason, when the
 * context ends, and a new one takes its place.
 */
export interface SessionContext {
  /** The signal of the context that is current now. */
  signal(): AbortSignal;
  /** Emits the reason each time a context ends. */
  readonly ended$: Observable<SessionEndReason>;
  /** Stops following the session. */
  dispose(): void;
}

export type SessionEndReason = 'sign-out' | 'tenant-switch' | 'station-switch';

type ContextFields = Pick<SessionState, 'token' | 'tenantId' | 'subStation'>;

/** The parts of the session that make its context; signed out there is none (''). */
export function contextKeyOf(state: ContextFields): string {
  if (!state.token) return '';
  const station = state.subStation;
  return JSON.stringify([state.tenantId, station?.id ?? '', station?.tenantId ?? '', station?.deptId ?? '']);
}

/** Why a context ended, from the key before and after (pure). Null: the same context goes on. */
export function endReason(before: string, after: string): SessionEndReason | null {
  if (before === after || before === '') return null;
  if (after === '') return 'sign-out';
  const [tenantBefore] = JSON.parse(before) as string[];
  const [tenantAfter] = JSON.parse(after) as string[];
  return tenantBefore === tenantAfter ? 'station-switch' : 'tenant-switch';
}

export function createSessionContext(state$: Observable<ContextFields>): SessionContext {
  let controller = new AbortController();
  const ended = new Subject<SessionEndReason>();
  let previous: string | null = null;
  const subscription = state$.pipe(map(contextKeyOf), distinctUntilChanged()).subscribe((key) => {
    const reason = previous === null ? null : endReason(previous, key);
    previous = key;
    if (!reason) return;
    const ending = controller;
    controller = new AbortController();
    ending.abort(new DOMException(`session context ended: ${reason}`, 'AbortError'));
    ended.next(reason);
  });
  return {
    signal: () => controller.signal,
    ended$: ended.asObservable(),
    dispose: () => {
      subscription.unsubscribe();
      ended.complete();
    },
  };
}
