/**
 * The post-login warning popup (spec §6 `warring_log`, docs/decisions.md): what it lists and whether it
 * opens. Pure: the hook reads the error log and the alarm messages, the view renders the plan.
 */
import type { StoredEntry } from '@ops/shared';
import { type AlarmMessage, apiTimeText } from '@ops/shared/rules';
import { displayTime } from './rules';

/** How far back "recent" alarms reach. */
export const RECENT_HOURS = 24;
/** Rows per list; the count says how many there are in all. */
export const LIST_MAX = 5;

/** The alarm messages query of the popup: the newest of the last `RECENT_HOURS`, read or not (API time). */
export function recentAlarmQuery(now: number): Record<string, string | number> {
  return {
    current: 1,
    size: LIST_MAX,
    startTime: apiTimeText(now - RECENT_HOURS * 3_600_000),
    endTime: apiTimeText(now),
  };
}

export interface UnsentRow {
  id: string;
  time: string;
  type: string;
  message: string;
}

export interface AlarmRow {
  id: string;
  time: string;
  subject: string;
  unread: boolean;
}

export interface WarningPlan {
  unsent: { total: number; rows: UnsentRow[] };
  alarms: { total: number; rows: AlarmRow[] };
}

/**
 * The popup's lists: the error-log entries this browser has not sent yet (newest first) and the recent
 * alarms; null when both are empty (nothing to warn about, the popup does not open).
 */
export function warningPlan(
  entries: readonly StoredEntry[],
  alarms: { total: number; records: readonly AlarmMessage[] },
): WarningPlan | null {
  const unsent = entries.filter((entry) => entry.uploaded !== true);
  if (unsent.length === 0 && alarms.total === 0) return null;
  return {
    unsent: {
      total: unsent.length,
      rows: unsent
        .slice(-LIST_MAX)
        .reverse()
        .map((entry) => ({
          id: String(entry.id),
          time: displayTime(String(entry.time ?? '')),
          type: String(entry.type || 'error'),
          message: String(entry.message ?? ''),
        })),
    },
    alarms: {
      total: alarms.total,
      rows: alarms.records.slice(0, LIST_MAX).map((alarm) => ({
        id: alarm.id,
        time: alarm.pushTime,
        subject: alarm.subject,
        unread: alarm.status === 0,
      })),
    },
  };
}
