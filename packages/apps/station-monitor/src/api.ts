import type { Http } from '@ops/shared';
import { type HistoryLine, parseHistory } from './history';

/** The calls of the station monitor (docs/api.md sections 7, 9 and 16). */
export const URLS = {
  stations: '/api/blade-system/dept/getChildTenantDept',
  devices: '/api/hzinfo-data-config/deviceInstance/device/list',
  history: '/api/hzinfo-data-config/deviceInstance/device/getHistoryLineDataByRealId',
  alarms: '/api/blade-system/message/record/getAlarmMessage',
  alarmStats: '/api/blade-system/message/record/getAlarmStatistics',
} as const;

export interface Page<T> {
  records: T[];
  total: number;
}

export interface Station {
  id: string;
  stationId: string;
  deptName: string;
  linkman: string;
  contactNumber: string;
  remark: string;
}

export interface DevicePoint {
  realId: string;
  name: string;
  unit: string;
  value: number | null;
  ts: number | null;
}

export interface Device {
  id: string;
  deviceCode: string;
  deviceName: string;
  deviceType: string;
  points: DevicePoint[];
}

type Envelope = { data?: unknown };

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value == null ? '' : String(value);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** A paged answer's records (each read by `read`) and total; an answer of another shape is an error. */
export function parsePage<T>(data: unknown, read: (record: Record<string, unknown>) => T): Page<T> {
  const page = data as { records?: unknown; total?: unknown } | null;
  if (!page || !Array.isArray(page.records)) throw new TypeError('not a page');
  const records = page.records.filter(
    (r): r is Record<string, unknown> => Boolean(r) && typeof r === 'object',
  );
  return { records: records.map(read), total: num(page.total) ?? records.length };
}

export const readStation = (r: Record<string, unknown>): Station => ({
  id: text(r.id),
  stationId: text(r.stationId),
  deptName: text(r.deptName),
  linkman: text(r.linkman),
  contactNumber: text(r.contactNumber),
  remark: text(r.remark),
});

/** The devices list's `data`; an answer of another shape is an error. */
export function parseDevices(data: unknown): Device[] {
  if (!Array.isArray(data)) throw new TypeError('not a device list');
  return data
    .filter((d): d is Record<string, unknown> => Boolean(d) && typeof d === 'object')
    .map((d) => ({
      id: text(d.id),
      deviceCode: text(d.deviceCode),
      deviceName: text(d.deviceName),
      deviceType: text(d.deviceType),
      points: (Array.isArray(d.points) ? (d.points as unknown[]) : [])
        .filter((p): p is Record<string, unknown> => Boolean(p) && typeof p === 'object')
        .map((p) => ({
          realId: text(p.realId),
          name: text(p.name),
          unit: text(p.unit),
          value: num(p.value),
          ts: num(p.ts),
        })),
    }));
}

/** A call's `data` as the server answered it (the caller reads it). */
export async function getData(http: Http, url: string, params: Record<string, unknown>, signal: AbortSignal) {
  const answer = await http.get<Envelope>(url, { params, signal });
  return answer.data?.data;
}

export async function fetchStations(http: Http, params: Record<string, unknown>, signal: AbortSignal) {
  return parsePage(await getData(http, URLS.stations, params, signal), readStation);
}

export async function fetchDevices(http: Http, stationId: string, signal: AbortSignal): Promise<Device[]> {
  return parseDevices(await getData(http, URLS.devices, { stationId }, signal));
}

export async function fetchHistory(
  http: Http,
  params: { realId: string; beginTime: string; endTime: string },
  signal: AbortSignal,
): Promise<HistoryLine> {
  const line = parseHistory(await getData(http, URLS.history, params, signal));
  if (!line) throw new TypeError('not a history line');
  return line;
}

/** A paged list call whose records the caller reads itself (alarms). */
export async function fetchPage<T>(
  http: Http,
  url: string,
  params: Record<string, unknown>,
  read: (record: Record<string, unknown>) => T,
  signal: AbortSignal,
): Promise<Page<T>> {
  return parsePage(await getData(http, url, params, signal), read);
}

export interface Alarm {
  id: string;
  subject: string;
  content: string;
  /** 1 read by the caller, 0 unread. */
  status: number;
  pushTime: string;
}

export const readAlarm = (r: Record<string, unknown>): Alarm => ({
  id: text(r.id),
  subject: text(r.subject),
  content: text(r.content),
  status: num(r.status) ?? 0,
  pushTime: text(r.pushTime),
});
