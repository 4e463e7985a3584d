/**
 * The notification popup's rules (spec §4 Notifications), as data: pure functions of the state, tested
 * by table. The view renders what these answer and nothing else.
 */

import { safeLink } from '@ops/shared/rules';

export { safeLink };

/** Notifications kept in the popup's list (the DOM stays bounded however long the feed runs: P7). */
export const FEED_LIMIT = 50;

export interface FeedItem {
  /** The socket's notification id (unique per user). */
  id: number;
  kind: 1 | 2;
  /** Kind 1: deptName; kind 2: subject. */
  title: string;
  /** Kind 1: soe_explain; kind 2: content. */
  body: string;
  /** Kind 1: ts; kind 2: pushTime. */
  time: string;
  /** Kind 2: the console page it opens (a same-origin path), or ''. */
  link: string;
  /** Kind 2: its classification and alarm message id. */
  businessClassify: string;
  messageId: string;
}

export interface FeedState {
  /** Newest first, at most FEED_LIMIT. */
  items: readonly FeedItem[];
  /** The popup is showing. */
  open: boolean;
  /** 'More': the popup lists every item, not only the newest. */
  expanded: boolean;
}

export const EMPTY_FEED: FeedState = { items: [], open: false, expanded: false };

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : '');

/** Where each kind keeps the popup's title, body and time (kind 1: an SOE event; kind 2: an alarm message). */
const FIELDS = {
  1: { title: 'deptName', body: 'soe_explain', time: 'ts' },
  2: { title: 'subject', body: 'content', time: 'pushTime' },
} as const;

/** A notification frame as the popup shows it; null for a frame of an unknown kind or without an id. */
export function toFeedItem(frame: Record<string, unknown>): FeedItem | null {
  const id = frame.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return null;
  if (frame.kind !== 1 && frame.kind !== 2) return null;
  const fields = FIELDS[frame.kind];
  // Only an alarm message opens a page and names its message.
  const alarm = frame.kind === 2;
  return {
    id,
    kind: frame.kind,
    title: text(frame[fields.title], 200),
    body: text(frame[fields.body], 2000),
    time: text(frame[fields.time], 40),
    link: alarm ? safeLink(frame.link) : '',
    businessClassify: alarm ? text(frame.businessClassify, 40) : '',
    messageId: alarm ? text(frame.messageId, 40) : '',
  };
}

/** New notifications (oldest first, as they arrived) go to the front and show the popup. */
export function receive(state: FeedState, arrived: readonly FeedItem[]): FeedState {
  if (arrived.length === 0) return state;
  const newest = [...arrived].reverse();
  return { ...state, items: [...newest, ...state.items].slice(0, FEED_LIMIT), open: true };
}

/** Closing the popup: with one item the list empties; with several it only hides. */
export function closePopup(state: FeedState): FeedState {
  if (state.items.length <= 1) return EMPTY_FEED;
  return { ...state, open: false, expanded: false };
}

/** 'More' expands the popup to the list; again collapses it to the newest. */
export function toggleMore(state: FeedState): FeedState {
  return { ...state, expanded: !state.expanded };
}

/** Clear all empties the list (and hides the popup). */
export function clearAll(_state: FeedState): FeedState {
  return EMPTY_FEED;
}

/** Shows the hidden popup again with its list (the collapsed tab at the bottom right). */
export function reopen(state: FeedState): FeedState {
  return state.items.length === 0 ? state : { ...state, open: true, expanded: true };
}

/** Removes one item (opened or dismissed); the last one closes the popup. */
export function dismiss(state: FeedState, id: number): FeedState {
  const items = state.items.filter((item) => item.id !== id);
  return items.length === 0 ? EMPTY_FEED : { ...state, items };
}

/** What the popup shows: the newest only, or (expanded) the whole list. */
export function visibleItems(state: FeedState): readonly FeedItem[] {
  if (!state.open) return [];
  return state.expanded ? state.items : state.items.slice(0, 1);
}

/**
 * Coalesces arrivals to one update per animation frame (P7): `push` queues, the first push of a frame
 * schedules one flush, the flush hands the whole batch over.
 */
export function frameBatcher<T>(
  schedule: (flush: () => void) => unknown,
  cancel: (handle: unknown) => void,
  apply: (batch: T[]) => void,
) {
  let queue: T[] = [];
  let handle: unknown = null;
  const flush = () => {
    handle = null;
    const batch = queue;
    queue = [];
    if (batch.length > 0) apply(batch);
  };
  return {
    push(item: T) {
      queue.push(item);
      // Only the newest FEED_LIMIT of a burst can ever show.
      if (queue.length > FEED_LIMIT * 2) queue = queue.slice(-FEED_LIMIT);
      if (handle === null) handle = schedule(flush);
    },
    dispose() {
      if (handle !== null) cancel(handle);
      handle = null;
      queue = [];
    },
  };
}
