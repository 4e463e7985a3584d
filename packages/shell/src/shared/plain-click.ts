import type { MouseEvent } from 'react';

/** A click the console handles itself: a modified click keeps the browser's own behaviour (a new tab). */
export function plainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return !(event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
}
