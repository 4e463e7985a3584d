import { registerTexts } from '../i18n/i18n';

/** Texts of the host's loader and error panel, in the one i18n (they are plain DOM: no React needed). */
const translate = registerTexts('host', {
  zh: {
    loading: '正在加载…',
    failed: '{{name}} 加载失败',
    crashed: '{{name}} 运行出错',
    retry: '重试',
  },
  en: {
    loading: 'Loading…',
    failed: '{{name}} failed to load',
    crashed: '{{name}} stopped with an error',
    retry: 'Retry',
  },
});

export type SlotTextKey = 'loading' | 'failed' | 'crashed' | 'retry';

export function slotText(key: SlotTextKey, name = ''): string {
  return translate(key, { name });
}
