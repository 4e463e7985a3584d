/**
 * The breaker dialog as data (spec §4 Breaker control, DECISIONS 14). Values: pre-split 0, split 1,
 * pre-close 2, close 3, withdraw 4. Initially only the pre-steps (0, 2) are selectable; a successful
 * pre-step records the sent breaker, enables withdraw and leaves only its confirm (+1) selectable, the sent
 * step staying chosen (send waits for the confirm, so the operator sees which comes next); a successful
 * confirm closes the dialog and resets it; a failed pre-step clears the sent breaker; a failed
 * confirm keeps it (the confirm may be sent again) and disables withdraw; withdraw sends 4 and returns to
 * the pre-steps. Nothing is selectable and nothing can be sent while a request is in flight.
 */

export type BreakerValue = 0 | 1 | 2 | 3 | 4;
export type PreStep = 0 | 2;

export const PRE_SPLIT = 0;
export const SPLIT = 1;
export const PRE_CLOSE = 2;
export const CLOSE = 3;
export const WITHDRAW = 4;

/** The four step buttons in the dialog's order. */
export const BREAKER_STEPS: readonly Exclude<BreakerValue, 4>[] = [PRE_SPLIT, SPLIT, PRE_CLOSE, CLOSE];

export interface BreakerState {
  /** The step button chosen (not sent yet). */
  readonly selected: Exclude<BreakerValue, 4> | null;
  /** The pre-step the device took (the armed breaker), or null. */
  readonly sent: PreStep | null;
  readonly withdrawEnabled: boolean;
  /** The value of the request in flight, or null. */
  readonly pending: BreakerValue | null;
  /** A confirm went through: the dialog closes (and opens reset). */
  readonly done: boolean;
}

export const BREAKER_INITIAL: BreakerState = Object.freeze({
  selected: null,
  sent: null,
  withdrawEnabled: false,
  pending: null,
  done: false,
});

export type BreakerEvent =
  | { type: 'select'; value: Exclude<BreakerValue, 4> }
  /** Send the selected step (the view sends it when the state says so). */
  | { type: 'send' }
  | { type: 'withdraw' }
  | { type: 'succeeded' }
  | { type: 'failed' };

const isPre = (value: BreakerValue): value is PreStep => value === PRE_SPLIT || value === PRE_CLOSE;

/** Which step buttons can be chosen now. */
export function selectable(state: BreakerState): readonly Exclude<BreakerValue, 4>[] {
  if (state.pending !== null || state.done) return [];
  if (state.sent === null) return [PRE_SPLIT, PRE_CLOSE];
  return [(state.sent + 1) as 1 | 3];
}

/** Send is enabled with a selectable step chosen that is not the sent one, and nothing in flight. */
export function canSend(state: BreakerState): boolean {
  return (
    state.pending === null &&
    state.selected !== null &&
    state.selected !== state.sent &&
    selectable(state).includes(state.selected)
  );
}

export function canWithdraw(state: BreakerState): boolean {
  return state.pending === null && state.sent !== null && state.withdrawEnabled;
}

/** Closing the dialog now should first ask whether to withdraw the armed pre-step. */
export function asksBeforeClosing(state: BreakerState): boolean {
  return canWithdraw(state);
}

/** The next state; events that do not apply (a disabled button, a late answer) leave it unchanged. */
export function breakerReducer(state: BreakerState, event: BreakerEvent): BreakerState {
  switch (event.type) {
    case 'select':
      return selectable(state).includes(event.value) ? { ...state, selected: event.value } : state;
    case 'send':
      return canSend(state) ? { ...state, pending: state.selected } : state;
    case 'withdraw':
      return canWithdraw(state) ? { ...state, pending: WITHDRAW } : state;
    case 'succeeded': {
      const value = state.pending;
      if (value === null) return state;
      if (value === WITHDRAW) return { ...BREAKER_INITIAL };
      if (isPre(value))
        return { selected: value, sent: value, withdrawEnabled: true, pending: null, done: false };
      return { ...BREAKER_INITIAL, done: true };
    }
    case 'failed': {
      const value = state.pending;
      if (value === null) return state;
      // A failed withdraw keeps the armed pre-step: withdrawing can be tried again.
      if (value === WITHDRAW) return { ...state, pending: null };
      if (isPre(value)) return { ...state, sent: null, withdrawEnabled: false, pending: null };
      return { ...state, withdrawEnabled: false, pending: null };
    }
  }
}
