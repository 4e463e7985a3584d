/**
 * The answer to a choice from a picker (docs/assistant-actions.md "Choosing from a list"): the chosen item
 * comes back as `inputs.extra` and is answered with the function of the contract's table. The item is
 * only a pointer: every id in it is looked up again among the caller's own seeded facts, so an item
 * naming another tenant's canvas, fault or point is answered as not found. Pure over `AssistantData`.
 */
import {
  answerOf,
  canvasItem,
  chooseCanvasItem,
  diagnoseItem,
  historyItem,
  instructItem,
  menuItem,
  showDataAnswer,
  showValue,
  stationById,
  videoItem,
} from './assistant-action-items.ts';
import { type Answer, type AssistantData, L, type Lang } from './assistant-facts.ts';

/** What a picker's item is, from the fields it carries (most specific first). */
export type ChoiceKind = 'canvas' | 'video' | 'fault' | 'point' | 'instruct' | 'menu' | 'scada' | 'station';

export function choiceKind(item: Record<string, unknown>): ChoiceKind | null {
  if ('canvasId' in item) return 'canvas';
  if ('videoId' in item) return 'video';
  if ('fdpId' in item) return 'fault';
  if ('realId' in item) return 'point';
  if ('id' in item && 'description' in item) return 'instruct';
  if ('path' in item) return 'menu';
  if ('stationId' in item && 'count' in item) return 'scada';
  if ('stationId' in item) return 'station';
  return null;
}

const notFound = (lang: Lang): Answer =>
  answerOf(
    [L(lang, '所选项目不在您的数据中', 'the chosen item is not among your data')],
    [L(lang, '未找到所选项目，请重新选择。', 'The chosen item was not found; please choose again.')],
    [],
  );

/** The answer to the chosen item, or null when the item is of no known picker (the question answers). */
export function choiceAnswer(item: Record<string, unknown>, data: AssistantData, lang: Lang): Answer | null {
  const acts = data.actions;
  const kind = choiceKind(item);
  if (!acts || !kind) return null;
  const text = (key: string) =>
    typeof item[key] === 'string' ? (item[key] as string) : String(item[key] ?? '');
  const station = stationById(data, item.stationId);
  // Items without a stationId (videos, points) are found by their own id among every station of the caller.
  const everyStation = data.stations();
  switch (kind) {
    case 'station':
      return station ? showDataAnswer(data, station, lang) : notFound(lang);
    case 'scada':
      return station ? chooseCanvas(station) : notFound(lang);
    case 'canvas': {
      const canvas = station && acts.canvases(station.stationId).find((c) => c.canvasId === text('canvasId'));
      if (!station || !canvas) return notFound(lang);
      return answerOf(
        [L(lang, `打开${canvas.name}`, `opening ${canvas.englishName}`)],
        [
          L(
            lang,
            `已为您打开 **${station.name} ${canvas.name}**。`,
            `Here is **${station.name} ${canvas.name}**.`,
          ),
        ],
        [canvasItem(station, canvas)],
      );
    }
    case 'video': {
      for (const s of everyStation) {
        const video = acts.videos(s.stationId).find((v) => v.videoId === text('videoId'));
        if (video)
          return answerOf(
            [L(lang, `打开${video.name}`, `opening ${video.englishName}`)],
            [L(lang, `已为您打开 **${s.name} ${video.name}**。`, `Here is **${s.name} ${video.name}**.`)],
            [videoItem(s, video)],
          );
      }
      return notFound(lang);
    }
    case 'fault': {
      const fault = station && acts.faults(station.stationId).find((f) => f.fdpId === text('fdpId'));
      if (!station || !fault) return notFound(lang);
      return answerOf(
        [L(lang, `诊断${fault.record_name}`, `diagnosing ${fault.englishName}`)],
        [`### ${fault.record_name}`, '', `${fault.time} ${fault.device_name}：${fault.errorInfo}`],
        [diagnoseItem(station, fault)],
      );
    }
    case 'point': {
      const point = acts.point(text('realId'));
      if (!point) return notFound(lang);
      return answerOf(
        [L(lang, `打开${point.pointName}的今日曲线`, `opening today's curve of ${point.pointName}`)],
        [
          L(
            lang,
            `**${point.stationName} ${point.deviceName} ${point.pointName}** 今日曲线，当前值 ${showValue(point, lang)}。`,
            `Today's curve of **${point.stationName} ${point.deviceName} ${point.pointName}**, now ${showValue(point, lang)}.`,
          ),
        ],
        [historyItem(point.stationName, point, data.times())],
      );
    }
    case 'instruct': {
      const instruct = acts.instructs().find((i) => i.id === text('id'));
      if (!instruct) return notFound(lang);
      return answerOf(
        [L(lang, `执行指令${instruct.name}`, `running ${instruct.englishName}`)],
        [L(lang, `正在执行指令 **${instruct.name}**：`, `Running the instruct **${instruct.name}**:`)],
        [instructItem(instruct)],
      );
    }
    case 'menu': {
      const menu = acts.menus().find((m) => m.path === text('path'));
      if (!menu) return notFound(lang);
      return answerOf(
        [L(lang, `打开菜单${menu.name}`, `opening the menu ${menu.name}`)],
        [L(lang, `点击打开 **${menu.name}**。`, `Open **${menu.name}**.`)],
        [menuItem(menu)],
      );
    }
  }

  function chooseCanvas(s: NonNullable<typeof station>) {
    const list = acts!.canvases(s.stationId);
    return answerOf(
      [L(lang, `列出${s.name}的监控画面`, `listing ${s.name}'s screens`)],
      [
        L(
          lang,
          `${s.name}有 **${list.length}** 幅监控画面，请选择：`,
          `${s.name} has **${list.length}** screens, choose one:`,
        ),
      ],
      [chooseCanvasItem(s, list, lang)],
    );
  }
}
