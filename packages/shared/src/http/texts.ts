/**
 * The user-visible texts of the HTTP client, as i18n keys with zh and en text. The lead registers the
 * table with the console's i18n; until then `httpText` answers from it directly.
 */
export const HTTP_TEXTS = {
  zh: {
    'http.network': '请求超时，请检查网络连接后稍后重试',
    'http.unknown': '未知错误',
    'http.sessionExpired': '登录已过期，请重新登录',
    'http.unauthorized': '未授权，请重新登录',
  },
  en: {
    'http.network': 'request timed out, please check your network connection and retry later',
    'http.unknown': 'unknown error',
    'http.sessionExpired': 'Your session has expired, please sign in again',
    'http.unauthorized': 'Not authorised, please sign in again',
  },
} as const;

export type HttpTextKey = keyof (typeof HTTP_TEXTS)['zh'];

import type { HzLanguage } from '../i18n/language';

export function httpText(key: HttpTextKey, language: HzLanguage | string = 'zh_CN'): string {
  const table = language === 'en_US' || language === 'en' ? HTTP_TEXTS.en : HTTP_TEXTS.zh;
  return table[key];
}
