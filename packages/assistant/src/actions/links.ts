/**
 * Where the blocks that open something lead: the diagnosis page of a fault (spec §2 query func, stationId,
 * fdpId, recordname, device, ord) and a menu item of the console. Only the console's own paths: an item
 * cannot send the operator to another site or run a `javascript:` URL.
 */
import { PATHS } from '@ops/shared';
import { type Fields, firstText, isFields } from './values';

/** The diagnosis page of a result_diagnose item; null when it names no fault. */
export function diagnosisPath(func: string, params: unknown, item: Fields): string | null {
  const p: Fields = isFields(params) ? params : {};
  const fdpId = firstText(p, 'fdpId') || firstText(item, 'fdpId');
  if (!fdpId) return null;
  const query = new URLSearchParams({
    func,
    stationId: firstText(p, 'stationId') || firstText(item, 'stationId'),
    fdpId,
    recordname: firstText(p, 'recordname', 'record_name') || firstText(item, 'record_name'),
    device: firstText(p, 'device', 'device_name') || firstText(item, 'device_name'),
    ord: firstText(p, 'ord') || firstText(item, 'ord'),
  });
  return `${PATHS.diagnosis}?${query}`;
}

/**
 * A menu path the console may open: one of its own (starting with a single `/`), kept with its query and
 * hash; null for anything else (another origin, a protocol, a relative path, blanks).
 */
export function consolePath(path: unknown): string | null {
  if (typeof path !== 'string') return null;
  const trimmed = path.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || /[\\\s]/.test(trimmed)) return null;
  const base = 'http://console.invalid';
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
