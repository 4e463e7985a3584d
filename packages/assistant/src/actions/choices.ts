/**
 * The lists an operator chooses from (docs/assistant-actions.md "Choosing from a list"): each item's display
 * text, and the question a choice asks. Pure: the view shows the list, `choose` asks.
 */
import { isChoosableFunc, type PickerFunc } from './funcs';
import { type Fields, firstText, listOf } from './values';

/** The keys whose text names an item of each list, in order of preference. */
const NAME_KEYS: Record<PickerFunc | 'choose_yc', readonly string[]> = {
  choose_station: ['station_name', 'name', 'stationId'],
  stations_num: ['station_name', 'name', 'stationId'],
  choose_scada: ['station_name', 'name', 'stationId'],
  choose_canvas: ['name', 'canvasId'],
  choose_video: ['name', 'videoId'],
  choose_fault: ['record_name', 'name', 'fdpId'],
  choose_instruct: ['name', 'id'],
  choose_menu: ['name', 'path'],
  choose_yc: ['param_name', 'attrName', 'name', 'realId'],
};

export interface Choice {
  /** The item as the server sent it (sent back as `inputs.extra`). */
  item: Fields;
  /** What the list shows, and the question a choice asks. */
  text: string;
  /** A second line: where it is (station, device, time, description). */
  detail: string;
}

function detailOf(func: PickerFunc | 'choose_yc', item: Fields): string {
  switch (func) {
    case 'choose_canvas':
    case 'choose_video':
      return firstText(item, 'station_name');
    case 'choose_fault':
      return [firstText(item, 'station_name'), firstText(item, 'device_name'), firstText(item, 'time')]
        .filter(Boolean)
        .join(' · ');
    case 'choose_instruct':
      return firstText(item, 'description');
    case 'choose_menu':
      return firstText(item, 'path');
    case 'choose_yc':
      return [firstText(item, 'station_name'), firstText(item, 'device_name')].filter(Boolean).join(' · ');
    default:
      return firstText(item, 'stationId');
  }
}

/** The choices of a list; items without any name are left out (there is nothing to show or ask). */
export function choicesOf(func: PickerFunc | 'choose_yc', data: unknown): Choice[] {
  const out: Choice[] = [];
  for (const item of listOf(data)) {
    const text = firstText(item, ...NAME_KEYS[func]);
    if (text) out.push({ item, text, detail: detailOf(func, item) });
  }
  return out;
}

/**
 * The question a choice asks: the item's own text, qualified by its station (and device) when the list
 * holds the same text twice, so the server's answer and the chat's history say which one was meant.
 */
export function choiceQuestion(choice: Choice, all: readonly Choice[]): string {
  const twins = all.filter((c) => c.text === choice.text).length > 1;
  return twins && choice.detail ? `${choice.text}（${choice.detail}）` : choice.text;
}

/**
 * A `func` list as its block numbers it, for select_number (DECISIONS 19): items without a name left out (the
 * block shows none for them), each asking what a click on it would. Not a list to choose from: none.
 */
export function numberedChoices(func: string, data: unknown): { item: Fields; text: string }[] {
  if (!isChoosableFunc(func)) return [];
  const all = choicesOf(func, data);
  return all.map((choice) => ({ item: choice.item, text: choiceQuestion(choice, all) }));
}
