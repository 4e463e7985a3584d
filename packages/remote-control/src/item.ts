import type { RemoteControlOption, RemoteControlParam, RemoteControlRequest } from '@ops/shared';

/** Whether an item can open as it is, or needs its options (types 0, 1) or parameters (type 3) looked up. */
export function isComplete(item: RemoteControlRequest): boolean {
  if (item.modelClassifyId === 0 || item.modelClassifyId === 1) return (item.options?.length ?? 0) > 0;
  if (item.modelClassifyId === 3) return (item.params?.length ?? 0) > 0;
  return true;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** Type 0 options carry their dictKey (text, DECISIONS 15); type 1 options their index. */
const options = (value: unknown, type: number): RemoteControlOption[] =>
  Array.isArray(value)
    ? value
        .filter(isRecord)
        .filter(
          (o) =>
            (typeof o.value === 'number' || (type === 0 && typeof o.value === 'string')) &&
            typeof o.label === 'string',
        )
        .map((o) => ({ value: o.value as number | string, label: o.label as string }))
    : [];

const params = (value: unknown): RemoteControlParam[] =>
  Array.isArray(value)
    ? value
        .filter(isRecord)
        .filter((p) => typeof p.paramsCode === 'string')
        .map((p) => ({
          paramsCode: p.paramsCode as string,
          paramsName: String(p.paramsName ?? p.paramsCode),
          paramsValue: p.paramsValue == null ? '' : String(p.paramsValue),
          useCoefficient: (p.useCoefficient as number | string | null | undefined) ?? null,
        }))
    : [];

/**
 * The item of the `interactive/devices` answer (`data`: devices with their `functions`) with the device
 * code and signage of `wanted`, merged over it; null when the answer has no such item.
 */
export function findItem(answer: unknown, wanted: RemoteControlRequest): RemoteControlRequest | null {
  if (!Array.isArray(answer)) return null;
  for (const device of answer.filter(isRecord)) {
    if (device.deviceCode !== wanted.deviceCode || !Array.isArray(device.functions)) continue;
    const fn = device.functions.filter(isRecord).find((f) => f.signage === wanted.signage);
    if (!fn) return null;
    const type = Number(fn.modelClassifyId);
    if (![0, 1, 2, 3, 4].includes(type)) return null;
    return {
      ...wanted,
      projectId: String(device.projectId ?? wanted.projectId),
      projectName: String(device.projectName ?? wanted.projectName),
      deviceName: String(device.deviceName ?? wanted.deviceName),
      name: String(fn.name ?? wanted.name),
      modelClassifyId: type as RemoteControlRequest['modelClassifyId'],
      options: options(fn.options, type),
      params: params(fn.params),
      minValue: (fn.minValue as number | null | undefined) ?? null,
      maxValue: (fn.maxValue as number | null | undefined) ?? null,
    };
  }
  return null;
}
