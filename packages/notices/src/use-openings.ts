import { useState } from 'react';

/**
 * How many times `open` has turned true (1 when it starts true): a dialog's list loads again with each
 * opening, and not while it is closed.
 */
export function useOpenings(open: boolean): number {
  const [seen, setSeen] = useState({ open, count: open ? 1 : 0 });
  // State adjusted while rendering (React's pattern for state that follows a prop): React renders again
  // at once, before any effect, with the new count.
  if (seen.open !== open) setSeen({ open, count: seen.count + (open ? 1 : 0) });
  return seen.count;
}
