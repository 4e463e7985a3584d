import {
  currentLanguage,
  hasServerTexts,
  mergeServerTexts,
  onLanguageChange,
  type ServerTexts,
} from './i18n';
import { hzLanguageOf, type Language } from './language';

/** Fetches the server's texts of one prefix in one language (`GET hnac/sys/i18n/byPrefix`). */
export type FetchServerTexts = (prefix: string, language: 'zh_CN' | 'en_US') => Promise<ServerTexts>;

export interface ServerTextsLoader {
  /** Merges the prefix's texts for the current language (once per language); resolves with how many. */
  load(prefix: string): Promise<number>;
  /** Stops following language changes. */
  dispose(): void;
}

export const SERVER_TEXTS_URL = '/api/blade-system/hnac/sys/i18n/byPrefix';

/**
 * Server translations (menu names and the like) merged into the shared i18n. Every prefix asked for once
 * is fetched again when the language changes, so views re-render in the new language; a failed fetch
 * leaves the texts as they were (views fall back to the key's default text).
 */
export function createServerTextsLoader(fetchTexts: FetchServerTexts): ServerTextsLoader {
  const prefixes = new Set<string>();
  const fetchFor = async (prefix: string, language: Language) => {
    if (hasServerTexts(prefix, language)) return 0;
    return mergeServerTexts(prefix, language, await fetchTexts(prefix, hzLanguageOf(language)));
  };
  const stop = onLanguageChange((language) => {
    for (const prefix of prefixes) fetchFor(prefix, language).catch(() => undefined);
  });
  return {
    load(prefix) {
      prefixes.add(prefix);
      return fetchFor(prefix, currentLanguage());
    },
    dispose: stop,
  };
}
