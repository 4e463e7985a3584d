import { NOTICE_TYPE } from '@ops/shared/rules';

/** What the message centre shows for its query (spec §2: `/noticeinfo/info?type=&name=`). */
export interface CentreView {
  /** notices: the notices (getUnread); messages: the alarm messages of one classification. */
  kind: 'notices' | 'messages';
  /** The classification of `messages` ('' for notices). */
  type: string;
  /** The name the link gave (shown as the page's title), '' when none. */
  name: string;
}

/**
 * Reads the query: no type or `notice` is the notices; a classification key (letters and underscores,
 * as the server accepts) is its alarm messages; anything else falls back to the notices.
 */
export function centreView(search: string): CentreView {
  const query = new URLSearchParams(search);
  const type = (query.get('type') ?? '').trim();
  const name = (query.get('name') ?? '').trim().slice(0, 50);
  if (type && type !== NOTICE_TYPE && /^[A-Za-z_]{1,32}$/.test(type)) return { kind: 'messages', type, name };
  return { kind: 'notices', type: '', name };
}

/** The ids of the page's unread rows (to mark the page read). */
export function unreadIds<T extends { id: string }>(
  rows: readonly T[],
  isUnread: (row: T) => boolean,
): string[] {
  return rows.filter(isUnread).map((r) => r.id);
}
