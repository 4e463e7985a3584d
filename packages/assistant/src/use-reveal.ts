import { useCallback, useEffect, useState } from 'react';
import { revealStep } from './messages';

/** The user asked for less motion: an answer shows as it arrives, without the typing effect. */
export const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * How many characters of `text` show: with `animate`, one more per frame, catching up when the stream runs
 * ahead (spec §4, P6); without, all of them.
 */
export function useReveal(text: string, animate: boolean): number {
  const [shown, setShown] = useState(animate ? 0 : text.length);
  useEffect(() => {
    if (!animate) {
      setShown(text.length);
      return;
    }
    if (shown >= text.length) return;
    const frame = requestAnimationFrame(() =>
      setShown((n) => Math.min(text.length, n + revealStep(text.length - n))),
    );
    return () => cancelAnimationFrame(frame);
  }, [animate, shown, text]);
  return shown;
}

/** The answers shown to their end: their rating and similar questions appear only then. */
export function useRevealedAnswers(): { has: (id: string) => boolean; mark: (id: string) => void } {
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const mark = useCallback(
    (id: string) => setRevealed((set) => (set.has(id) ? set : new Set(set).add(id))),
    [],
  );
  return { has: (id) => revealed.has(id), mark };
}
