/**
 * history_data (docs/assistant-actions.md): the history line of one point, read from
 * getHistoryLineDataByRealId (docs/api.md "history line"), as the chart's series.
 */
import type { ChartPoint, LineSeries } from '@ops/ui';
import type { ExtraItem } from '../chunks';
import { field } from './media-model';
import { isFields, num, paramsOf, text } from './values';

export const HISTORY_URL = '/api/hzinfo-data-config/deviceInstance/device/getHistoryLineDataByRealId';

export interface HistoryQuery {
  realId: string;
  /** Left out when the item has none: the server then takes its default range. */
  beginTime?: string;
  endTime?: string;
}

/** The call's query of an item: `params.realId` and the item's range; null when it names no point. */
export function historyQuery(item: ExtraItem): HistoryQuery | null {
  const realId = text(paramsOf(item).realId).trim();
  if (!realId) return null;
  const query: HistoryQuery = { realId };
  const begin = field(item, 'beginTime').trim();
  const end = field(item, 'endTime').trim();
  if (begin) query.beginTime = begin;
  if (end) query.endTime = end;
  return query;
}

/** The chart's title, "station device attr" (the parts the item has). */
export function historyTitle(item: ExtraItem): string {
  return [item.station_name, item.device_name, item.attrName]
    .map((part) => text(part).trim())
    .filter(Boolean)
    .join(' ');
}

export interface History {
  name: string;
  unit: string;
  /** The range the server answered for (`YYYY-MM-DD HH:mm:ss`), '' when it did not say. */
  beginTime: string;
  endTime: string;
  points: ChartPoint[];
}

/** The call's `data`, or null when it is not a history line (the block then shows its failure). */
export function parseHistory(data: unknown): History | null {
  if (!isFields(data) || !Array.isArray(data.points)) return null;
  const points: ChartPoint[] = [];
  for (const point of data.points) {
    if (!isFields(point)) return null;
    const ts = num(point.ts);
    if (ts === null) return null;
    points.push({ ts, val: num(point.val), isPredict: point.isPredict === true });
  }
  points.sort((a, b) => (a.ts as number) - (b.ts as number));
  return {
    name: text(data.name),
    unit: text(data.unit),
    beginTime: text(data.beginTime),
    endTime: text(data.endTime),
    points,
  };
}

/** One series named `name` (the chart shades its predicted part); none when the line has no value. */
export function historySeries(history: History, name: string): LineSeries[] {
  return history.points.some((p) => p.val !== null) ? [{ name, points: history.points }] : [];
}

/** The range written under the chart: what the server answered, else what was asked. */
export function historyRange(history: History | null, query: HistoryQuery): { begin: string; end: string } {
  return {
    begin: history?.beginTime || query.beginTime || '',
    end: history?.endTime || query.endTime || '',
  };
}
