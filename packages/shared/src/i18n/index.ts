export type { CommonTexts } from './common';
export { COMMON_TEXTS } from './common';
export * from './i18n';
export type { HzLanguage, Language } from './language';
export { DEFAULT_LANGUAGE, htmlLangOf, hzLanguageOf, LANGUAGES, normalizeLanguage } from './language';
export type { FetchServerTexts, ServerTextsLoader } from './server-texts';
export { createServerTextsLoader, SERVER_TEXTS_URL } from './server-texts';
