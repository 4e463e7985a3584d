/** The 22 action functions of spec §3, and what each one's block is (docs/assistant-actions.md). */

export const ACTION_FUNCS = [
  'select_number',
  'open_canvas',
  'open_video',
  'result_diagnose',
  'choose_station',
  'choose_scada',
  'confirm_yk',
  'show_param',
  'stations_num',
  'history_data',
  'control_device',
  'knowledge',
  'show_data',
  'choose_canvas',
  'choose_video',
  'choose_fault',
  'open_instruct',
  'choose_instruct',
  'record',
  'choose_yc',
  'open_menu',
  'choose_menu',
] as const;

export type ActionFunc = (typeof ACTION_FUNCS)[number];

const FUNCS: ReadonlySet<string> = new Set(ACTION_FUNCS);

export const isActionFunc = (func: unknown): func is ActionFunc =>
  typeof func === 'string' && FUNCS.has(func);

/** The functions whose block is a list to choose from (a choice asks again with the chosen item). */
export const PICKER_FUNCS = [
  'choose_station',
  'stations_num',
  'choose_scada',
  'choose_canvas',
  'choose_video',
  'choose_fault',
  'choose_instruct',
  'choose_menu',
] as const satisfies readonly ActionFunc[];

export type PickerFunc = (typeof PICKER_FUNCS)[number];

const PICKERS: ReadonlySet<string> = new Set(PICKER_FUNCS);

export const isPickerFunc = (func: string): func is PickerFunc => PICKERS.has(func);

/** The functions whose `data` is a list the operator chooses from: the pickers, and choose_yc's table. */
export const isChoosableFunc = (func: string): func is PickerFunc | 'choose_yc' =>
  isPickerFunc(func) || func === 'choose_yc';
