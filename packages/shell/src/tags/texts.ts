import { defineShellTexts } from '../shared/i18n';

/** The page tag bar's texts (its accessible names are a contract: tests and screen readers use them). */
export const TAG_TEXTS = defineShellTexts(
  'shell-tags',
  {
    openPages: '已打开页面',
    home: '首页',
    close: '关闭 {{label}}',
    menu: '{{label}} 的操作',
    clearCache: '清除缓存',
    cacheCleared: '缓存已清除',
    closeOthers: '关闭其他',
    closeAll: '关闭全部',
  },
  {
    openPages: 'Open pages',
    home: 'Home',
    close: 'Close {{label}}',
    menu: 'Actions for {{label}}',
    clearCache: 'Clear cache',
    cacheCleared: 'Cache cleared',
    closeOthers: 'Close others',
    closeAll: 'Close all',
  },
);
