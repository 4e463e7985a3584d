import {
  type ErrorLogEntry,
  formatTime,
  hasPermission,
  LIMITS,
  PERMISSION,
  type StoredEntry,
} from '@ops/shared';

/** Above this the badge shows `99+` (the accessible name keeps the exact count). */
export const BADGE_MAX = 99;

export interface ErrorLogButtonView {
  /** Spec §6: the warning icon is for users with the `warring_log` button permission only. */
  visible: boolean;
  count: number;
  /** The badge's text, or null when there is nothing logged. */
  badge: string | null;
}

/** What the top bar's error-log button shows, from the session's permission map and the log's entries. */
export function errorLogButton(
  permission: Readonly<Record<string, unknown>> | null | undefined,
  entries: readonly unknown[],
): ErrorLogButtonView {
  const visible = hasPermission(permission, PERMISSION.warningLog);
  const count = visible ? entries.length : 0;
  return { visible, count, badge: count === 0 ? null : count > BADGE_MAX ? `${BADGE_MAX}+` : String(count) };
}

/** The button's accessible name: the label, with the count when there are entries ("错误日志 (3)"). */
export function buttonName(label: string, count: number): string {
  return count > 0 ? `${label} (${count})` : label;
}

export interface ErrorLogRow {
  id: string;
  type: string;
  url: string;
  message: string;
  time: string;
  stack: string;
  info: string;
  /** Sent to the server already (each entry is sent once). */
  uploaded: boolean;
  /** Something to expand: a stack or extra info. */
  expandable: boolean;
}

/**
 * An entry's time as the console shows times (local `YYYY-MM-DD HH:mm:ss`): entries written by other
 * parts may carry an ISO timestamp; anything else is shown as it is.
 */
export function displayTime(time: string): string {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(time)) return time;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? time : formatTime(ms);
}

/** The dialog's rows: newest first, every field a plain string (the view renders them as text). */
export function errorLogRows(entries: readonly StoredEntry[]): ErrorLogRow[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));
  return entries
    .map((entry) => {
      const stack = text(entry.stack).trim();
      const info = text(entry.info).trim();
      return {
        id: text(entry.id),
        type: text(entry.type) || 'error',
        url: text(entry.url),
        message: text(entry.message),
        time: displayTime(text(entry.time)),
        stack,
        info,
        uploaded: entry.uploaded === true,
        expandable: stack !== '' || info !== '',
      };
    })
    .reverse();
}

export interface ErrorLogSummary {
  total: number;
  /** Not sent yet: what "send logs" would upload. */
  pending: number;
}

export function errorLogSummary(entries: readonly StoredEntry[]): ErrorLogSummary {
  return { total: entries.length, pending: entries.filter((entry) => entry.uploaded !== true).length };
}

/**
 * The body of `POST /api/blade-log/error/upload` (docs/api.md section 8) for one batch: exactly the six
 * fields of an entry, each a string within the route's limit, the required message never empty. Entries
 * are cut when logged; an entry kept by an older version may not have been.
 */
export function uploadBody(entries: readonly Partial<ErrorLogEntry>[]): ErrorLogEntry[] {
  const cut = (value: unknown, max: number) =>
    (typeof value === 'string' ? value : value == null ? '' : String(value)).slice(0, max);
  return entries.map((entry) => ({
    type: cut(entry.type, LIMITS.type),
    url: cut(entry.url, LIMITS.url),
    message: cut(entry.message, LIMITS.message) || '(no message)',
    stack: cut(entry.stack, LIMITS.stack),
    info: cut(entry.info, LIMITS.info),
    time: cut(entry.time, 40),
  }));
}
