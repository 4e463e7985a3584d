import { type Clock, systemClock } from '@ops/shared';
import { createCountdown } from '../shared/forms/countdown';

/** Spec §4 Login conflict, §9: the confirmation lasts 30 s. */
export const CONFLICT_SECONDS = 30;
export const LOGIN_CONFLICT_CODE = 1800100001;

export type ConflictPhase = 'asking' | 'confirmed' | 'cancelled' | 'timed-out';

export interface ConflictState {
  phase: ConflictPhase;
  left: number;
  uuid: string;
}

export interface ConflictCountdown {
  state(): ConflictState;
  /** Force login: the caller retries with the uuid. Ignored once the question has ended. */
  confirm(): boolean;
  cancel(): void;
  subscribe(listener: (state: ConflictState) => void): () => void;
  dispose(): void;
}

/**
 * The login-conflict question: `asking` with a live countdown; confirm -> `confirmed` (retry with the
 * uuid); cancel -> `cancelled`; the countdown reaching 0 -> `timed-out`. Both of the last abandon the
 * login. The first answer wins; later ones are ignored.
 */
export function createConflictCountdown(uuid: string, clock: Clock = systemClock): ConflictCountdown {
  let phase: ConflictPhase = 'asking';
  const listeners = new Set<(state: ConflictState) => void>();
  const countdown = createCountdown(CONFLICT_SECONDS, clock, () => end('timed-out'));
  const state = (): ConflictState => ({ phase, left: countdown.state().left, uuid });
  const emit = () => {
    const current = state();
    for (const listener of [...listeners]) listener(current);
  };
  function end(next: ConflictPhase) {
    if (phase !== 'asking') return false;
    phase = next;
    countdown.dispose();
    emit();
    return true;
  }
  countdown.subscribe(() => {
    if (phase === 'asking') emit();
  });
  countdown.start();
  return {
    state,
    confirm: () => end('confirmed'),
    cancel: () => {
      end('cancelled');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      countdown.dispose();
      listeners.clear();
    },
  };
}

/** The uuid of a conflict answer (`{ code: 1800100001, data: { uuid } }`), or '' when it is not one. */
export function conflictUuid(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { code, data } = body as { code?: unknown; data?: unknown };
  if (Number(code) !== LOGIN_CONFLICT_CODE) return '';
  const uuid = data && typeof data === 'object' ? (data as { uuid?: unknown }).uuid : undefined;
  return typeof uuid === 'string' ? uuid : '';
}
