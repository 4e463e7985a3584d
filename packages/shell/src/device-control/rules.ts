import type { RemoteControlOption, RemoteControlParam, RemoteControlRequest } from '@ops/shared';

/** The device-control page's call (docs/api.md section 20). */
export const DEVICES_API = '/api/gglm-big-model/interactive/devices';

export type FunctionType = RemoteControlRequest['modelClassifyId'];

/** A remote control item of a device (spec §3), as the page lists it. */
export interface ControlFunction {
  name: string;
  signage: string;
  modelClassifyId: FunctionType;
  options: RemoteControlOption[];
  params: RemoteControlParam[];
  minValue: number | null;
  maxValue: number | null;
  /** The params of the last command the device took (JSON), and when. */
  lastValue: string | null;
  lastTime: string | null;
}

export interface ControlDevice {
  deviceCode: string;
  deviceName: string;
  projectId: string;
  projectName: string;
  functions: ControlFunction[];
}

/** A site and its devices, in the order the server lists them. */
export interface ControlSite {
  projectId: string;
  projectName: string;
  devices: ControlDevice[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

function readFunction(value: unknown): ControlFunction | null {
  if (!isRecord(value)) return null;
  const type = value.modelClassifyId;
  if (type !== 0 && type !== 1 && type !== 2 && type !== 3 && type !== 4) return null;
  if (!text(value.signage)) return null;
  return {
    name: text(value.name) || text(value.signage),
    signage: text(value.signage),
    modelClassifyId: type,
    // Type 0 options carry their dictKey (text, DECISIONS 15); type 1 options their index.
    options: (Array.isArray(value.options) ? value.options : [])
      .filter(isRecord)
      .filter(
        (o) =>
          (typeof o.value === 'number' || (type === 0 && typeof o.value === 'string')) &&
          typeof o.label === 'string',
      )
      .map((o) => ({ value: o.value as number | string, label: o.label as string })),
    params: (Array.isArray(value.params) ? value.params : [])
      .filter(isRecord)
      .filter((p) => typeof p.paramsCode === 'string')
      .map((p) => ({
        paramsCode: p.paramsCode as string,
        paramsName: text(p.paramsName) || (p.paramsCode as string),
        paramsValue: text(p.paramsValue),
        useCoefficient: num(p.useCoefficient),
      })),
    minValue: num(value.minValue),
    maxValue: num(value.maxValue),
    lastValue: text(value.lastValue) || null,
    lastTime: text(value.lastTime) || null,
  };
}

/** The `data` of the devices answer, validated; what does not fit is left out. */
export function parseDevices(data: unknown): ControlDevice[] {
  if (!Array.isArray(data)) return [];
  return data.filter(isRecord).flatMap((d) => {
    const deviceCode = text(d.deviceCode);
    if (!deviceCode) return [];
    const functions = (Array.isArray(d.functions) ? d.functions : [])
      .map(readFunction)
      .filter((f): f is ControlFunction => f !== null);
    return [
      {
        deviceCode,
        deviceName: text(d.deviceName) || deviceCode,
        projectId: text(d.projectId),
        projectName: text(d.projectName) || text(d.projectId),
        functions,
      },
    ];
  });
}

/** Devices grouped by site, sites and devices kept in order. */
export function bySite(devices: readonly ControlDevice[]): ControlSite[] {
  const sites: ControlSite[] = [];
  for (const device of devices) {
    let site = sites.find((s) => s.projectId === device.projectId);
    if (!site) {
      site = { projectId: device.projectId, projectName: device.projectName, devices: [] };
      sites.push(site);
    }
    site.devices.push(device);
  }
  return sites;
}

/** What the page publishes on `remote-control:open` for a function: the whole item, nothing to look up. */
export function requestOf(device: ControlDevice, fn: ControlFunction): RemoteControlRequest {
  return {
    projectId: device.projectId,
    projectName: device.projectName,
    deviceCode: device.deviceCode,
    deviceName: device.deviceName,
    name: fn.name,
    signage: fn.signage,
    modelClassifyId: fn.modelClassifyId,
    options: fn.options,
    params: fn.params,
    minValue: fn.minValue,
    maxValue: fn.maxValue,
  };
}

/** How the last command the device took reads: a value described by the item, or the params themselves. */
export type LastValue =
  | { kind: 'none' }
  | { kind: 'option'; label: string }
  | { kind: 'breaker'; step: number }
  | { kind: 'executed' }
  | { kind: 'params'; text: string };

export function lastValueOf(fn: ControlFunction): LastValue {
  if (!fn.lastValue) return { kind: 'none' };
  let params: unknown;
  try {
    params = JSON.parse(fn.lastValue);
  } catch {
    return { kind: 'none' };
  }
  if (!isRecord(params)) return { kind: 'none' };
  const value = params.value;
  switch (fn.modelClassifyId) {
    case 0:
    case 1: {
      const option = fn.options.find((o) => o.value === value);
      return option ? { kind: 'option', label: option.label } : { kind: 'none' };
    }
    case 2:
      return typeof value === 'number' && value >= 0 && value <= 4
        ? { kind: 'breaker', step: value }
        : { kind: 'none' };
    case 4:
      return { kind: 'executed' };
    default: {
      const names = new Map(fn.params.map((p) => [p.paramsCode, p.paramsName]));
      const parts = Object.entries(params)
        .filter(([, v]) => typeof v === 'number')
        .map(([code, v]) => `${names.get(code) ?? code} ${v}`);
      return parts.length ? { kind: 'params', text: parts.join('，') } : { kind: 'none' };
    }
  }
}

/** The administrators' audit call (docs/api.md section 20). */
export const AUDIT_API = '/api/gglm-big-model/interactive/audit';
export const AUDIT_PAGE_SIZE = 10;

/** One command as the audit keeps it. */
export interface AuditRow {
  id: string;
  time: string;
  account: string;
  deviceCode: string;
  deviceName: string;
  functionName: string;
  signage: string;
  value: string;
  result: 'pending' | 'success' | 'refused' | 'failed';
  msg: string;
  latencyMs: number | null;
  idempotencyKey: string;
}

export interface AuditPage {
  rows: AuditRow[];
  total: number;
}

const RESULTS = new Set(['pending', 'success', 'refused', 'failed']);

/** A page of the audit answer, validated; rows that do not fit are left out. */
export function parseAuditPage(data: unknown): AuditPage {
  if (!isRecord(data) || !Array.isArray(data.records)) return { rows: [], total: 0 };
  const rows = data.records.filter(isRecord).flatMap((r): AuditRow[] => {
    if (!text(r.id) || !RESULTS.has(text(r.result))) return [];
    return [
      {
        id: text(r.id),
        time: text(r.time),
        account: text(r.account),
        deviceCode: text(r.deviceCode),
        deviceName: text(r.deviceName) || text(r.deviceCode),
        functionName: text(r.functionName) || text(r.signage),
        signage: text(r.signage),
        value: text(r.value),
        result: text(r.result) as AuditRow['result'],
        msg: text(r.msg),
        latencyMs: num(r.latencyMs),
        idempotencyKey: text(r.idempotencyKey),
      },
    ];
  });
  return { rows, total: typeof data.total === 'number' ? data.total : rows.length };
}

/** The audit's query: a page, and a device when one is chosen. */
export function auditQuery(page: number, deviceCode: string): Record<string, string> {
  const query: Record<string, string> = { current: String(page), size: String(AUDIT_PAGE_SIZE) };
  if (deviceCode) query.deviceCode = deviceCode;
  return query;
}
