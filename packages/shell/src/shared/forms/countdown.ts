import { type Clock, systemClock } from '@ops/shared';

/** Spec §4 Captcha button, §9: after a code is sent the button counts down 60 s and stays blocked. */
export const CAPTCHA_RESEND_SECONDS = 60;

export interface CountdownState {
  /** Seconds left; 0 when the button may send again. */
  left: number;
  blocked: boolean;
}

export interface Countdown {
  state(): CountdownState;
  /** Starts the countdown (a send succeeded); ignored while one is running. Returns whether it started. */
  start(): boolean;
  /** Follows every change; returns the function that stops following. */
  subscribe(listener: (state: CountdownState) => void): () => void;
  dispose(): void;
}

/**
 * A countdown from a deadline (so a busy main thread cannot stretch it), ticking every 250 ms, which
 * blocks until it reaches 0. Used for the phone-code button (60 s) and the login-conflict dialog (30 s).
 */
export function createCountdown(seconds: number, clock: Clock = systemClock, onEnd?: () => void): Countdown {
  let deadline = 0;
  let left = 0;
  let stop: (() => void) | null = null;
  const listeners = new Set<(state: CountdownState) => void>();
  const state = (): CountdownState => ({ left, blocked: left > 0 });
  const emit = () => {
    const current = state();
    for (const listener of [...listeners]) listener(current);
  };
  const tick = () => {
    const remaining = Math.max(0, Math.ceil((deadline - clock.now()) / 1000));
    if (remaining === left) return;
    left = remaining;
    if (left === 0) {
      stop?.();
      stop = null;
    }
    emit();
    if (left === 0) onEnd?.();
  };
  return {
    state,
    start() {
      if (left > 0) return false;
      deadline = clock.now() + seconds * 1000;
      left = seconds;
      stop = clock.setInterval(tick, 250);
      emit();
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      stop?.();
      stop = null;
      listeners.clear();
    },
  };
}

export function createCaptchaCountdown(clock?: Clock): Countdown {
  return createCountdown(CAPTCHA_RESEND_SECONDS, clock);
}
