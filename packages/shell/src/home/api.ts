import type { Http } from '@ops/shared';
import { fetchAlarms, fetchNotices } from '@ops/shared/rules';
import {
  alarmsTodayQuery,
  type PowerLine,
  readPowerLine,
  readStationStatus,
  readTenantPage,
  type StationStatus,
  type TenantRow,
  todayRange,
  UNREAD_NOTICES_QUERY,
} from './overview-rules';

/** The home overview's own calls (docs/api.md sections 10 and 16); notices and alarms are section 7's. */
export const HOME_API = {
  stationStatus: '/api/hzinfo-data-config/deviceInstance/device/stationStatus',
  powerLine: '/api/hzinfo-data-config/deviceInstance/device/powerLine',
  tenants: '/api/blade-system/tenant/list',
} as const;

/** The platform's home lists this many tenants. */
export const TENANTS_SHOWN = 10;

async function data(http: Http, url: string, params: Record<string, unknown>, signal: AbortSignal) {
  const answer = await http.get<{ data?: unknown }>(url, { params, signal });
  return answer.data?.data;
}

export async function fetchStationStatus(http: Http, signal: AbortSignal): Promise<StationStatus[]> {
  return readStationStatus(await data(http, HOME_API.stationStatus, {}, signal));
}

/** The tenant's active power today: measured until now, predicted after. */
export async function fetchPowerToday(http: Http, now: number, signal: AbortSignal): Promise<PowerLine> {
  const { startTime, endTime } = todayRange(now);
  return readPowerLine(await data(http, HOME_API.powerLine, { beginTime: startTime, endTime }, signal));
}

export async function fetchTenants(
  http: Http,
  signal: AbortSignal,
): Promise<{ records: TenantRow[]; total: number }> {
  return readTenantPage(await data(http, HOME_API.tenants, { current: 1, size: TENANTS_SHOWN }, signal));
}

/** Today's alarm messages of the caller (all, or the unread ones): the count and the latest few. */
export const fetchAlarmsToday = (http: Http, now: number, open: boolean, signal: AbortSignal) =>
  fetchAlarms(http, alarmsTodayQuery(now, open), signal);

/** The caller's unread notices: the count and the latest few. */
export const fetchUnreadNotices = (http: Http, signal: AbortSignal) =>
  fetchNotices(http, { ...UNREAD_NOTICES_QUERY }, signal);
