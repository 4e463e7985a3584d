/**
 * The time texts of the API (`YYYY-MM-DD HH:mm:ss`) are Beijing time (UTC+8) whatever the browser's zone:
 * a query's `startTime`/`endTime` must be written in it, or a window moves by the browser's offset.
 */
export const API_UTC_OFFSET_MS = 8 * 3_600_000;

/** An instant as the API writes times. */
export function apiTimeText(ms: number): string {
  return new Date(ms + API_UTC_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}
