/** Texts of the host's loader and error panel. They must render even when i18n or React failed to load. */
const TEXTS = {
  zh: { loading: '正在加载…', failed: '{name} 加载失败', crashed: '{name} 运行出错', retry: '重试' },
  en: {
    loading: 'Loading…',
    failed: '{name} failed to load',
    crashed: '{name} stopped with an error',
    retry: 'Retry',
  },
} as const;

export type SlotTextKey = keyof (typeof TEXTS)['zh'];

export function slotText(key: SlotTextKey, name = '', lang = document.documentElement.lang): string {
  const table = lang.toLowerCase().startsWith('en') ? TEXTS.en : TEXTS.zh;
  return table[key].replace('{name}', name);
}
