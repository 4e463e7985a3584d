/** Rows per page of the site, notice and alarm tables (spec §9). */
export const DEFAULT_PAGE_SIZE = 10;
/** The alarm table's height in px (spec §9). */
export const ALARM_TABLE_HEIGHT = 525;
