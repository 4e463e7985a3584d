/**
 * Real data (spec §3 realData: station_name, device_name, param_name, time, value) as table rows: the
 * blocks of show_data, show_param and choose_yc, and an answer's own realData.
 */
import { type Fields, firstText, listOf } from './values';

export interface RealDataRow {
  key: string;
  station: string;
  device: string;
  param: string;
  time: string;
  value: string;
  /** The item as the server sent it (a choose_yc row's choice). */
  item: Fields;
}

/** The rows of a realData list; an entry naming no parameter is left out. Keys are unique per list. */
export function realDataRows(data: unknown): RealDataRow[] {
  const seen = new Map<string, number>();
  const rows: RealDataRow[] = [];
  for (const item of listOf(data)) {
    const param = firstText(item, 'param_name', 'attrName', 'name');
    if (!param) continue;
    const station = firstText(item, 'station_name');
    const device = firstText(item, 'device_name');
    // JSON, not a joined string: a name holding the separator cannot make two rows' keys equal.
    const base = JSON.stringify([station, device, param]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    rows.push({
      key: n === 0 ? base : `${base}|${n}`,
      station,
      device,
      param,
      time: firstText(item, 'time'),
      value: firstText(item, 'value'),
      item,
    });
  }
  return rows;
}
