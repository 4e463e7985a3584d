import { useEffect, useState } from 'react';
import type { Language, LanguageService } from './services';

/**
 * Texts of the public pages: one `{ zh, en }` table per folder, read through `useText`. zh is the default;
 * every key has both languages (the type forces the en table to have the zh table's keys).
 */
export type Params = Record<string, string | number>;
export type Translate<K extends string> = (key: K, params?: Params) => string;

export interface TextTable<K extends string> {
  zh: Record<K, string>;
  en: Record<K, string>;
}

export function defineTexts<K extends string>(zh: Record<K, string>, en: Record<K, string>): TextTable<K> {
  return { zh, en };
}

export function format(text: string, params?: Params): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export function translate<K extends string>(table: TextTable<K>, lang: Language): Translate<K> {
  const texts = table[lang] ?? table.zh;
  return (key, params) => format(texts[key] ?? table.zh[key] ?? key, params);
}

const listeners = new Set<(lang: Language) => void>();

/** Switches the language through the service and re-renders every public page that reads texts. */
export function switchLanguage(language: LanguageService, lang: Language): void {
  language.set(lang);
  for (const listener of [...listeners]) listener(lang);
}

/** The current language, following switches made here and (when the service offers it) elsewhere. */
export function useLanguage(language: LanguageService): Language {
  const [lang, setLang] = useState<Language>(() => language.current());
  useEffect(() => {
    const follow = (next: Language) => setLang(next);
    listeners.add(follow);
    const stop = language.subscribe?.(follow);
    setLang(language.current());
    return () => {
      listeners.delete(follow);
      stop?.();
    };
  }, [language]);
  return lang;
}

export function useText<K extends string>(language: LanguageService, table: TextTable<K>): Translate<K> {
  return translate(table, useLanguage(language));
}
