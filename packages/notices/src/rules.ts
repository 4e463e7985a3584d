/**
 * The notices parcel's decisions as data (spec §2 bell, §4 Notice, §6): the bell's badge and entries, when
 * the alarm and warning dialogs open by themselves, and their once-per-session flags.
 */

import type { UnreadCounts } from '@ops/shared';
import { centreLink, type DictEntry, labelOf } from '@ops/shared/rules';

/** The bell's badge: everything unread. */
export const badgeCount = (counts: UnreadCounts): number => counts.notices + counts.alarms;

/** The badge's text: up to 99, then 99+. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));

/** The bell popover's entries: classifications with unread messages, dictionary order first, then the rest. */
export function bellEntries(
  counts: UnreadCounts,
  dict: readonly DictEntry[],
  lang: string,
): { type: string; name: string; count: number; href: string }[] {
  const order = new Map(dict.map((e, i) => [e.key, i]));
  return Object.entries(counts.byClassification)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (order.get(a) ?? 999) - (order.get(b) ?? 999) || a.localeCompare(b))
    .map(([type, count]) => {
      const name = labelOf(dict, type, lang);
      return { type, name, count, href: centreLink(type, name) };
    });
}

export interface Viewer {
  account: string;
  deptId: string;
  permission: Readonly<Record<string, boolean>>;
}

/** Spec §6: the alarm popup is only for the accounts admin and hzinfo whose deptId is not 000000. */
export function alarmPopupAllowed(viewer: Viewer): boolean {
  return (viewer.account === 'admin' || viewer.account === 'hzinfo') && viewer.deptId !== '000000';
}

/**
 * Whether the alarm dialog opens by itself after sign-in (spec §4 Notice, docs/decisions.md): when allowed,
 * there are unread alarm records and it has not been finished in this session. (The post-login warning
 * popup of spec §6 is the shell's: it lists the error log and recent alarms.)
 */
export function alarmOpensByItself(
  viewer: Viewer,
  state: { unreadAlarms: number; alarmFinished: boolean },
): boolean {
  return alarmPopupAllowed(viewer) && state.unreadAlarms > 0 && !state.alarmFinished;
}

/** Closing the alarm dialog asks for confirmation unless every record was marked read (spec §4). */
export function confirmAlarmClose(markedAllRead: boolean, unreadShown: number): boolean {
  return !markedAllRead && unreadShown > 0;
}

/** The once-per-session flags' keys: one place for them, shared with the shell's warning popup. */
export { onceDialogKey as flagKey } from '@ops/shared/rules';
