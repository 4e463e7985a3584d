import type { Http } from '@ops/shared';
import {
  type Alarm,
  type Device,
  fetchDevices,
  fetchHistory,
  fetchPage,
  fetchStations,
  readAlarm,
  type Station,
  URLS,
} from './api';
import { type HistoryPoint, historyQuery } from './history';
import { ALARM_CLASSIFY, CHART_RANGE, dayStartText, sumLines } from './visual';

/** Every station of the tenant fits one page of the site list (at most 100). */
const ALL_STATIONS = { current: 1, size: 100 };

/** Today's newest alarm messages shown under the chart. */
export const LATEST_ALARMS = 5;

export interface ScreenData {
  stations: Station[];
  /** The stations' total as the server counts it. */
  stationTotal: number;
  /** Each station's devices, by stationId. */
  devices: Map<string, Device[]>;
  alarmsToday: number;
  /** The newest of today's alarm messages (at most LATEST_ALARMS). */
  latestAlarms: Alarm[];
  /** When the data was read (epoch ms). */
  at: number;
}

/**
 * What the screen shows at `now`: the tenant's stations, each station's devices (one call a station, in
 * parallel) and the caller's alarm messages pushed since the start of today (Beijing time): their count and
 * the newest few (the server answers newest first).
 */
export async function fetchScreen(http: Http, now: number, signal: AbortSignal): Promise<ScreenData> {
  const alarms = fetchPage(
    http,
    URLS.alarms,
    { current: 1, size: LATEST_ALARMS, businessClassify: ALARM_CLASSIFY, startTime: dayStartText(now) },
    readAlarm,
    signal,
  );
  const stationsAndDevices = async () => {
    const stations = await fetchStations(http, ALL_STATIONS, signal);
    const withId = stations.records.filter((s) => s.stationId);
    const devices = await Promise.all(withId.map((s) => fetchDevices(http, s.stationId, signal)));
    return { stations, devices: new Map(withId.map((s, i) => [s.stationId, devices[i] ?? []])) };
  };
  const [{ stations, devices }, alarmPage] = await Promise.all([stationsAndDevices(), alarms]);
  return {
    stations: stations.records,
    stationTotal: stations.total,
    devices,
    alarmsToday: alarmPage.total,
    latestAlarms: alarmPage.records,
    at: now,
  };
}

/** A station's active power over the chart's range: the sum of the history lines of its power points. */
export async function fetchPowerLine(
  http: Http,
  realIds: readonly string[],
  now: number,
  signal: AbortSignal,
): Promise<HistoryPoint[]> {
  const lines = await Promise.all(
    realIds.map((realId) => fetchHistory(http, historyQuery(realId, CHART_RANGE, now), signal)),
  );
  return sumLines(lines);
}
