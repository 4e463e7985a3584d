import { useEffect, useState } from 'react';
import type { Countdown, CountdownState } from './countdown';

/**
 * A countdown made once for the component, its state followed as React state and the countdown disposed
 * with the component: the phone-code buttons' 60 s.
 */
export function useCountdown(create: () => Countdown): { timer: CountdownState; start: () => boolean } {
  const [countdown] = useState(create);
  const [timer, setTimer] = useState<CountdownState>(() => countdown.state());
  useEffect(() => {
    const stop = countdown.subscribe(setTimer);
    return () => {
      stop();
      countdown.dispose();
    };
  }, [countdown]);
  return { timer, start: () => countdown.start() };
}
