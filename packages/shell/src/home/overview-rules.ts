import { PLATFORM_TENANT, showsAlarmPopup } from '@ops/shared';
import { API_UTC_OFFSET_MS, apiTimeText, centreLink } from '@ops/shared/rules';

/**
 * The home overview's rules (issue 27), pure: which sections a user gets, where their links lead, and the
 * server's answers read without trusting them.
 */

/** The station monitor's pages the overview links to (the sub-app renders them; its menu grants them). */
export const STATION_PAGES = {
  realtime: '/station-monitor/realtime/index',
  alarms: '/station-monitor/alarm/index',
  tenants: '/station-monitor/platform/tenant',
} as const;

/** The alarm messages' classification (docs/api.md section 7). */
export const ALARM_CLASSIFY = 'alarm';

/** How many of the latest alarms and notices a section lists. */
export const LATEST = 5;

export interface Viewer {
  tenantId: string;
  account: string;
  deptId: string;
  /** The paths of the user's menu pages; null while the menu loads. */
  menuPaths: ReadonlySet<string> | null;
}

export interface HomeSections {
  /** The platform tenant's overview (tenants) instead of a tenant's (stations). */
  platform: boolean;
  /** Today's alarms: for users whose menu holds the alarm list, or who get the alarm popup (spec §6). */
  alarms: boolean;
  /** Where "all alarms" leads: the alarm list when the menu holds it, else the message centre's alarms. */
  alarmsLink: string;
  /** A station opens its realtime page when the menu holds it; else stations are not links. */
  realtime: boolean;
  /** The tenant management page, when the menu holds it. */
  tenantsLink: string | null;
}

/** What the overview shows the viewer; `alarmsName` names the message centre's alarm view. */
export function homeSections(viewer: Viewer, alarmsName: string): HomeSections {
  const has = (path: string) => viewer.menuPaths?.has(path) ?? false;
  const alarmList = has(STATION_PAGES.alarms);
  return {
    platform: viewer.tenantId === PLATFORM_TENANT,
    alarms: alarmList || showsAlarmPopup(viewer.account, viewer.deptId),
    alarmsLink: alarmList ? STATION_PAGES.alarms : centreLink(ALARM_CLASSIFY, alarmsName),
    realtime: has(STATION_PAGES.realtime),
    tenantsLink: has(STATION_PAGES.tenants) ? STATION_PAGES.tenants : null,
  };
}

/** The pages of a menu tree (paths without their query), for `Viewer.menuPaths`. */
export function menuPathsOf(items: readonly { path: string; children: readonly unknown[] }[]): Set<string> {
  const paths = new Set<string>();
  const stack: unknown[] = [...items];
  while (stack.length > 0) {
    const item = stack.pop() as { path?: unknown; children?: unknown };
    if (typeof item?.path === 'string' && item.path) paths.add(item.path.split('?')[0] as string);
    if (Array.isArray(item?.children)) stack.push(...item.children);
  }
  return paths;
}

/** A station's realtime page. */
export const realtimeLink = (stationId: string) =>
  `${STATION_PAGES.realtime}?${new URLSearchParams({ station: stationId })}`;

const HOUR = 3_600_000;
/** Beijing time (UTC+8), the time zone of every time text of the API. */
const BEIJING = API_UTC_OFFSET_MS;

/** Today in Beijing time as the API's time texts: from 00:00:00 to 23:59:59. */
export function todayRange(now: number): { startTime: string; endTime: string } {
  const day = apiTimeText(now).slice(0, 10);
  return { startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59` };
}

/** The query of today's alarms (newest first, the latest few); `open` asks for the unread ones only. */
export function alarmsTodayQuery(now: number, open = false): Record<string, string | number> {
  const { startTime, endTime } = todayRange(now);
  const query: Record<string, string | number> = {
    current: 1,
    size: LATEST,
    businessClassify: ALARM_CLASSIFY,
    startTime,
    endTime,
  };
  if (open) query.status = '0';
  return query;
}

/** The unread notices query: the count and the latest few. */
export const UNREAD_NOTICES_QUERY = { current: 1, size: LATEST, isReal: '0' } as const;

export type StationState = 'online' | 'partial' | 'offline' | 'no-devices';

export interface StationStatus {
  id: string;
  stationId: string;
  name: string;
  devices: number;
  online: number;
  state: StationState;
  /** Active power now (MW, negative while storage charges), or null. */
  powerMw: number | null;
  /** Mean state of charge (%), or null. */
  socPercent: number | null;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const count = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0;
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : [];

/** A station's state from its devices online: all, some, none, or it has none. */
export function stationState(devices: number, online: number): StationState {
  if (devices === 0) return 'no-devices';
  if (online >= devices) return 'online';
  return online === 0 ? 'offline' : 'partial';
}

/** The `stationStatus` answer (docs/api.md section 16); an answer of another shape is an error. */
export function readStationStatus(data: unknown): StationStatus[] {
  if (!Array.isArray(data)) throw new TypeError('not a station list');
  return records(data)
    .map((r) => {
      const devices = count(r.devices);
      const online = Math.min(count(r.online), devices);
      return {
        id: text(r.id),
        stationId: text(r.stationId),
        name: text(r.stationName),
        devices,
        online,
        state: stationState(devices, online),
        powerMw: num(r.powerMw),
        socPercent: num(r.socPercent),
      };
    })
    .filter((s) => s.stationId !== '');
}

/** How many stations are in each state. */
export function stateCounts(stations: readonly StationStatus[]): Record<StationState, number> {
  const counts: Record<StationState, number> = { online: 0, partial: 0, offline: 0, 'no-devices': 0 };
  for (const s of stations) counts[s.state]++;
  return counts;
}

export interface PowerLine {
  kind: 'generation' | 'storage';
  unit: string;
  points: { ts: number; val: number | null; isPredict: boolean }[];
}

/** The `powerLine` answer; an answer of another shape is an error. */
export function readPowerLine(data: unknown): PowerLine {
  const d = data as Record<string, unknown> | null;
  if (!d || typeof d !== 'object' || !Array.isArray(d.points)) throw new TypeError('not a power line');
  return {
    kind: d.kind === 'storage' ? 'storage' : 'generation',
    unit: text(d.unit) || 'MW',
    points: records(d.points)
      .filter((p) => num(p.ts) !== null)
      .map((p) => ({ ts: p.ts as number, val: num(p.val), isPredict: p.isPredict === true })),
  };
}

export type Expiry = 'none' | 'expired' | 'soon' | 'valid';

/** Within this many days an expiry shows as soon. */
export const EXPIRY_SOON_DAYS = 30;

/** A tenant's expiry (`YYYY-MM-DD[ HH:mm:ss]`, Beijing time) at `now`: none, expired, soon, or valid. */
export function expiryOf(expireTime: string, now: number): Expiry {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(expireTime.trim());
  if (!match) return 'none';
  const [y, mo, d, h = '23', mi = '59', s = '59'] = match.slice(1).map((p) => p ?? undefined) as string[];
  const at = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) - BEIJING;
  if (Number.isNaN(at)) return 'none';
  if (at <= now) return 'expired';
  return at - now <= EXPIRY_SOON_DAYS * 24 * HOUR ? 'soon' : 'valid';
}

export interface TenantRow {
  tenantId: string;
  tenantName: string;
  kind: string;
  stationCount: number;
  expireTime: string;
}

/** The tenant list's page (docs/api.md section 10); an answer of another shape is an error. */
export function readTenantPage(data: unknown): { records: TenantRow[]; total: number } {
  const page = data as { records?: unknown; total?: unknown } | null;
  if (!page || !Array.isArray(page.records)) throw new TypeError('not a page');
  const rows = records(page.records).map((r) => ({
    tenantId: text(r.tenantId),
    tenantName: text(r.tenantName),
    kind: text(r.kind),
    stationCount: count(r.stationCount),
    expireTime: text(r.expireTime),
  }));
  return { records: rows, total: count(page.total) || rows.length };
}
