/**
 * The XSS corpus (QUALITY S3/S4) carried by the assistant's action items (docs/assistant-actions.md): for
 * each of the 22 functions, one item per payload with that payload in every field the item has (its name,
 * label, context, `data` and `params` with their nested fields), and the bodies the blocks' calls get back
 * (getCanvasById, getHistoryLineDataByRealId, dataInstruct/list, dataRecord/execute, a direct instruct
 * POST, diagnosis/process) laden with the same payloads. Every address field takes a URL payload instead:
 * script schemes and origins off the allowlist (the console's site config allows none).
 */
import { XSS_CORPUS } from './xss-corpus';

/** The origin every off-allowlist address of the corpus points at (no request may reach it). */
export const EVIL_HOST = 'evil.example';

/** Addresses an item may bring: scripts, documents and media off the allowlist, in every spelling. */
export const XSS_URLS = [
  'javascript:window.__xss=1',
  'JaVaScRiPt:window.__xss=1',
  ' javascript:window.__xss=1',
  '\tjava\nscript:window.__xss=1',
  'data:text/html,<script>window.__xss=1</script>',
  'data:image/svg+xml,<svg onload="window.__xss=1"/>',
  'vbscript:msgbox(1)',
  `https://${EVIL_HOST}/video.mp4`,
  `https://${EVIL_HOST}/manual.pdf`,
  `https://${EVIL_HOST}/track.png`,
  `http://${EVIL_HOST}:8080/instruct`,
  `//${EVIL_HOST}/protocol-relative.pdf`,
  `https:${EVIL_HOST}/no-slashes.mp4`,
  `\\\\${EVIL_HOST}/backslashes.png`,
  `/\\${EVIL_HOST}/slash-backslash.png`,
  `https://127.0.0.1.${EVIL_HOST}/lookalike.pdf`,
  `https://user@${EVIL_HOST}/userinfo.png`,
  `blob:https://${EVIL_HOST}/0d3f7c5e`,
];

export const XSS_PAYLOADS: readonly string[] = XSS_CORPUS;

/**
 * Charts and canvases cost most to draw: their items carry the corpus eight payloads to a field (every
 * payload still in every field), so an answer draws 22 of them rather than 172.
 */
const GROUPED = new Set(['history_data', 'open_canvas']);
const GROUP = 8;
const GROUPS: readonly string[] = Array.from({ length: Math.ceil(XSS_PAYLOADS.length / GROUP) }, (_, k) =>
  XSS_PAYLOADS.slice(k * GROUP, (k + 1) * GROUP).join(' '),
);

/** The texts of a function's items, one per item. */
export const payloadsOf = (func: string): readonly string[] => (GROUPED.has(func) ? GROUPS : XSS_PAYLOADS);

type Item = Record<string, unknown>;

/** The i-th address payload (the list is shorter than the corpus: it wraps around). */
export const urlOf = (i: number): string => XSS_URLS[i % XSS_URLS.length] as string;

/** Every field of a picker's entries (each list reads its own), with the payload; `path` an address. */
const pickerEntry = (p: string, i: number): Item => ({
  station_name: p,
  name: p,
  stationId: p,
  count: p,
  canvasId: p,
  videoId: p,
  record_name: p,
  fdpId: p,
  device_name: p,
  ord: p,
  time: p,
  id: p,
  description: p,
  path: i % 2 ? urlOf(i) : p,
});

const realDataEntry = (p: string): Item => ({
  station_name: p,
  device_name: p,
  param_name: p,
  attrName: p,
  name: p,
  realId: p,
  time: p,
  value: p,
});

const controlEntry = (p: string): Item => ({
  projectId: p,
  projectName: p,
  stationId: p,
  station_name: p,
  deviceCode: p,
  deviceName: p,
  device_name: p,
  name: p,
  signage: p,
  modelClassifyId: 0,
});

/** The instruct of payload i: run on the server, POSTed to the console's own address, or off the allowlist. */
export function instructOf(i: number): Item {
  const p = XSS_PAYLOADS[i] as string;
  const apiUrl = ['', `/api/xss-instruct/${i}`, urlOf(i)][i % 3];
  return { id: `xss-${i}`, name: p, description: p, apiUrl };
}

/** The fields every item carries whatever its function (the even ones without a label: titles from data). */
const common = (func: string, p: string, i: number): Item => ({
  func,
  ...(i % 2 === 0 ? {} : { label: p }),
  name: p,
  station_name: p,
  device_name: p,
  record_name: p,
  errorInfo: p,
  attrName: p,
  beginTime: p,
  endTime: p,
  instanceId: p,
  picSource: p,
});

/** The items of one function: one per payload. */
export function xssItems(func: string): Item[] {
  return payloadsOf(func).map((p, i) => {
    const item = common(func, p, i);
    switch (func) {
      case 'select_number':
        return { ...item, data: p };
      case 'choose_station':
      case 'stations_num':
      case 'choose_scada':
      case 'choose_canvas':
      case 'choose_video':
      case 'choose_fault':
      case 'choose_instruct':
      case 'choose_menu':
        return { ...item, data: [pickerEntry(p, i), { name: p, path: p }] };
      case 'show_data':
      case 'show_param':
      case 'choose_yc':
        return { ...item, data: [realDataEntry(p), realDataEntry(p)] };
      case 'history_data':
        return { ...item, params: { realId: `xss-${i}`, beginTime: p, endTime: p } };
      case 'open_canvas':
        return { ...item, params: { canvasId: `xss-${i}`, stationId: p } };
      case 'open_video':
        return { ...item, data: { name: p, url: urlOf(i), poster: urlOf(i + 1) } };
      case 'knowledge':
        return {
          ...item,
          data: [
            { name: p, url: urlOf(i) },
            { name: p, url: p },
          ],
          params: {
            imgText: [
              { url: urlOf(i), conclusion: p },
              { url: p, conclusion: p },
            ],
            picSource: i % 3,
          },
        };
      case 'confirm_yk':
        return { ...item, data: controlEntry(p) };
      case 'control_device':
        return { ...item, data: [controlEntry(p), { ...controlEntry(p), signage: `${p}-2` }] };
      case 'result_diagnose':
        return { ...item, params: { stationId: p, fdpId: `xss-${i}`, recordname: p, device: p, ord: p } };
      case 'open_instruct':
        return { ...item, data: { id: `xss-${i}`, name: p } };
      case 'record':
        return { ...item, data: { id: `xss-${i}`, name: p } };
      case 'open_menu':
        return { ...item, data: { name: p, path: i % 2 ? urlOf(i) : `/${p}` } };
      default:
        throw new Error(`no XSS items for ${func}`);
    }
  });
}

/** The payload index of an id of the corpus (`xss-<i>`), or 0. */
export const indexOf = (id: string | null): number => Number(/^xss-(\d+)$/.exec(id ?? '')?.[1] ?? 0);

/** getHistoryLineDataByRealId's data for payload i: its texts laden, real points (a drawn line). */
export function historyBody(i: number, now: number): Item {
  const p = payloadsOf('history_data')[i] ?? '';
  return {
    realId: p,
    name: p,
    unit: p,
    deviceName: p,
    stationName: p,
    beginTime: p,
    endTime: p,
    points: Array.from({ length: 12 }, (_, k) => ({ ts: now - (12 - k) * 3_600_000, val: 40 + (k % 5) })),
  };
}

/** getCanvasById's data for payload i: every text of the drawing laden, one element of an unknown kind. */
export function canvasBody(i: number): Item {
  const p = payloadsOf('open_canvas')[i] ?? '';
  return {
    id: p,
    name: p,
    stationId: p,
    station_name: p,
    width: 400,
    height: 200,
    elements: [
      { kind: 'bus', x1: 10, y1: 20, x2: 390, y2: 20 },
      { kind: 'unit', x: 20, y: 40, w: 80, h: 40, label: p },
      { kind: 'text', x: 150, y: 60, text: p },
      { kind: 'value', x: 150, y: 100, realId: p, label: p, unit: p },
      { kind: p, x: 0, y: 0, w: 10, h: 10, label: p, text: p },
    ],
    values: { [p]: 42.5 },
  };
}

/** diagnosis/process's data for payload i. */
export function diagnosisBody(i: number): Item {
  const p = XSS_PAYLOADS[i] as string;
  return {
    fdpId: `xss-${i}`,
    record_name: p,
    station_name: p,
    device_name: p,
    time: p,
    errorInfo: p,
    steps: [
      { ord: 1, name: p, detail: p, outcome: 'normal' },
      { ord: 2, name: p, detail: p, outcome: p },
    ],
    conclusion: p,
  };
}
