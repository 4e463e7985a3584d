/**
 * confirm_yk and control_device carry remote-control items (docs/assistant-actions.md). Each becomes the
 * `remote-control:open` request of the device page, so the assistant opens the same dialog, protocol and
 * audit and never a path of its own. An item without its device, signage or a known type is left out.
 */
import type { RemoteControlRequest } from '@ops/shared';
import { type Fields, firstText, listOf, textOf } from './values';

const TYPES = [0, 1, 2, 3, 4] as const;

export function controlRequestOf(item: Fields): RemoteControlRequest | null {
  const deviceCode = firstText(item, 'deviceCode');
  const signage = firstText(item, 'signage');
  const name = firstText(item, 'name');
  // Only a written type counts: Number(null), Number('') and Number([]) are all 0, a real type.
  const typeText = textOf(item.modelClassifyId);
  const type = typeText ? Number(typeText) : Number.NaN;
  const modelClassifyId = TYPES.find((t) => t === type);
  if (!deviceCode || !signage || !name || modelClassifyId === undefined) return null;
  return {
    projectId: firstText(item, 'projectId', 'stationId'),
    projectName: firstText(item, 'projectName', 'station_name'),
    deviceCode,
    deviceName: firstText(item, 'deviceName', 'device_name'),
    name,
    signage,
    modelClassifyId,
  };
}

/** The requests of an item's `data` (one object or a list), in order. */
export function controlRequests(data: unknown): RemoteControlRequest[] {
  return listOf(data).flatMap((item) => controlRequestOf(item) ?? []);
}
