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

/** Spec §6: the post-login warning popup is for users with the warring_log permission. */
export function warningPopupAllowed(viewer: Viewer): boolean {
  return viewer.permission.warring_log === true;
}

/**
 * Which dialog opens by itself after sign-in (spec §4 Notice, DECISIONS in docs/decisions.md): the alarm
 * dialog when allowed, there are unread alarm records and it has not been finished in this session;
 * otherwise the warning popup (the message dialog of unread notices) when allowed, there are unread
 * notices and it has not been shown in this session; otherwise none.
 */
export function autoDialog(
  viewer: Viewer,
  state: { unreadAlarms: number; unreadNotices: number; alarmFinished: boolean; warningShown: boolean },
): 'alarm' | 'warning' | null {
  if (alarmPopupAllowed(viewer) && state.unreadAlarms > 0 && !state.alarmFinished) return 'alarm';
  if (warningPopupAllowed(viewer) && state.unreadNotices > 0 && !state.warningShown) return 'warning';
  return null;
}

/** Closing the alarm dialog asks for confirmation unless every record was marked read (spec §4). */
export function confirmAlarmClose(markedAllRead: boolean, unreadShown: number): boolean {
  return !markedAllRead && unreadShown > 0;
}

/** The names of the once-per-session flags in the tab's storage, per tenant and account (spec §4: "finished"). */
export function flagKey(flag: 'alarm-finished' | 'warning-shown', tenantId: string, account: string): string {
  return `ops-notices:${flag}:${tenantId}:${account}`;
}
