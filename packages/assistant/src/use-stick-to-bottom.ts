import { type RefObject, useEffect } from 'react';

/** How close to the end (px) still counts as reading the newest message. */
const NEAR_END = 48;

/**
 * Keeps the chat scrolled to its newest message while the operator is there: answers stream, and blocks
 * grow after they appear (a chart or canvas loads, an instruct streams, a video sizes itself). Once the
 * operator scrolls up to read, nothing pulls the list away; a new question (`count`) returns to the end.
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, count: number) {
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    let stuck = true;
    const follow = () => {
      if (stuck) list.scrollTop = list.scrollHeight;
    };
    const onScroll = () => {
      stuck = list.scrollHeight - list.scrollTop - list.clientHeight <= NEAR_END;
    };
    const sizes = new ResizeObserver(follow);
    const watch = () => {
      for (const child of Array.from(list.children)) sizes.observe(child);
    };
    const changes = new MutationObserver(() => {
      watch();
      follow();
    });
    list.addEventListener('scroll', onScroll, { passive: true });
    changes.observe(list, { childList: true, subtree: true, characterData: true });
    watch();
    follow();
    return () => {
      list.removeEventListener('scroll', onScroll);
      changes.disconnect();
      sizes.disconnect();
    };
    // A new message starts a new follow: the list returns to its end.
  }, [ref, count]);
}
