import { registerTexts } from '@ops/shared';

/**
 * The building blocks' own texts, zh (default) and en, in the `ui` namespace of the console's one i18next
 * instance. Callers pass their translated texts as props where a text is theirs (titles, labels,
 * validation messages). These are the texts of the parts every page may show (form fields, messages,
 * confirm); the parts that load with first use bring theirs (`part-texts.ts`).
 */
export const UI_NS = 'ui';

const zh = {
  ok: '确定',
  cancel: '取消',
  close: '关闭',
  confirmTitle: '提示',
  countdown: '{{n}} 秒后自动取消',
  loading: '加载中',
  counter: '已输入 {{n}} 个字符，最多 {{max}} 个',
  selectPlaceholder: '请选择',
  showPassword: '显示密码',
  hidePassword: '隐藏密码',
};

export type UiCoreTextKey = keyof typeof zh;

/** Every key in both languages: the type refuses an en table missing a zh key or adding one. */
const en: Record<UiCoreTextKey, string> = {
  ok: 'OK',
  cancel: 'Cancel',
  close: 'Close',
  confirmTitle: 'Confirm',
  countdown: 'Cancels automatically in {{n}} s',
  loading: 'Loading',
  counter: '{{n}} of {{max}} characters',
  selectPlaceholder: 'Select',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
};

export const UI_TEXTS = { zh, en };

registerTexts(UI_NS, UI_TEXTS);
