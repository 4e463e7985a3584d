/**
 * The extra items of the action functions (docs/assistant-actions.md), built from the responder's facts:
 * one builder per item shape, shared by the answers to questions and the answers to choices. Pure.
 */
import {
  type ActionFacts,
  type Answer,
  type AssistantData,
  type CanvasFacts,
  cell,
  type ExtraItem,
  type FaultFacts,
  type InstructFacts,
  L,
  type Lang,
  type MenuFacts,
  type PointFacts,
  type StationFacts,
  type VideoFacts,
} from './assistant-facts.ts';

export const showValue = (p: PointFacts, lang: Lang) =>
  p.value === null ? L(lang, '无数据', 'no data') : `${p.value} ${p.unit}`;

/** A short answer: the steps of reasoning, the markdown text and the items. */
export function answerOf(reasoning: string[], content: string[], extras: ExtraItem[]): Answer {
  return {
    reasoning: reasoning.map((r, i) => `${i + 1}. ${r}`).join('\n'),
    content: content.join('\n'),
    extras,
  };
}

/** Spec §3 realData rows of points of a station. */
export function realDataOf(stationName: string, points: readonly PointFacts[], now: string, lang: Lang) {
  return points.map((p) => ({
    station_name: stationName,
    device_name: p.deviceName,
    param_name: p.pointName,
    time: now,
    value: showValue(p, lang),
  }));
}

/** A markdown table of points (device, point, value). */
export function pointsTable(points: readonly PointFacts[], lang: Lang): string[] {
  return [
    L(lang, '| 设备 | 测点 | 数值 |', '| Device | Point | Value |'),
    '| --- | --- | ---: |',
    ...points.map((p) => `| ${cell(p.deviceName)} | ${cell(p.pointName)} | ${cell(showValue(p, lang))} |`),
  ];
}

export function historyItem(
  stationName: string,
  point: PointFacts,
  times: { now: string; midnight: string },
) {
  return {
    func: 'history_data',
    name: point.pointName,
    station_name: stationName,
    device_name: point.deviceName,
    attrName: point.pointName,
    beginTime: times.midnight,
    endTime: times.now,
    params: { realId: point.realId },
  };
}

/** show_data of a station: its realtime table. */
export function showDataAnswer(data: AssistantData, station: StationFacts, lang: Lang): Answer {
  const points = data.points(station.stationId);
  const { now } = data.times();
  return answerOf(
    [L(lang, `读取${station.name}的实时数据`, `reading ${station.name}'s realtime data`)],
    [`### ${station.name}（${station.stationId}）`, '', ...pointsTable(points, lang)],
    [{ func: 'show_data', station_name: station.name, data: realDataOf(station.name, points, now, lang) }],
  );
}

export const canvasItem = (station: StationFacts, canvas: CanvasFacts): ExtraItem => ({
  func: 'open_canvas',
  name: canvas.name,
  label: `${station.name} ${canvas.name}`,
  station_name: station.name,
  params: { canvasId: canvas.canvasId, stationId: station.stationId },
});

export const chooseCanvasItem = (station: StationFacts, canvases: readonly CanvasFacts[], lang: Lang) => ({
  func: 'choose_canvas',
  label: L(lang, `${station.name}的监控画面`, `SCADA screens of ${station.name}`),
  station_name: station.name,
  data: canvases.map((c) => ({
    name: c.name,
    canvasId: c.canvasId,
    station_name: station.name,
    stationId: station.stationId,
  })),
});

export const videoItem = (station: StationFacts, video: VideoFacts): ExtraItem => ({
  func: 'open_video',
  name: video.name,
  label: `${station.name} ${video.name}`,
  station_name: station.name,
  data: { name: video.name, url: video.url, poster: video.poster },
});

export const diagnoseItem = (station: StationFacts, fault: FaultFacts): ExtraItem => ({
  func: 'result_diagnose',
  label: fault.record_name,
  record_name: fault.record_name,
  station_name: station.name,
  device_name: fault.device_name,
  errorInfo: fault.errorInfo,
  params: {
    stationId: station.stationId,
    fdpId: fault.fdpId,
    recordname: fault.record_name,
    device: fault.device_name,
    ord: fault.ord,
  },
});

export const faultRow = (station: StationFacts, f: FaultFacts) => ({
  record_name: f.record_name,
  fdpId: f.fdpId,
  station_name: station.name,
  stationId: station.stationId,
  device_name: f.device_name,
  ord: f.ord,
  time: f.time,
});

export const instructItem = (instruct: InstructFacts): ExtraItem => ({
  func: 'open_instruct',
  label: instruct.name,
  data: { id: instruct.id, name: instruct.name },
});

export const menuItem = (menu: MenuFacts): ExtraItem => ({
  func: 'open_menu',
  label: menu.name,
  data: { name: menu.name, path: menu.path },
});

/** The station an item's stationId names, only among the caller's stations. */
export const stationById = (data: AssistantData, stationId: unknown) =>
  typeof stationId === 'string' ? data.stations().find((s) => s.stationId === stationId) : undefined;

/** The stations of a question, or all of them when it names none (pickers list at most `max`). */
export function stationsOrAll(data: AssistantData, named: StationFacts[], max = 30): StationFacts[] {
  return (named.length > 0 ? named : data.stations()).slice(0, max);
}

export type { ActionFacts };
