/** The two languages of the console, their codes for <html lang> and the Hz-Language header. */
export const LANGUAGES = ['zh', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh';

/** `Hz-Language` header values (spec §7). */
export type HzLanguage = 'zh_CN' | 'en_US';

export const htmlLangOf = (language: Language): string => (language === 'en' ? 'en' : 'zh-CN');
export const hzLanguageOf = (language: Language): HzLanguage => (language === 'en' ? 'en_US' : 'zh_CN');

/** zh, zh_CN, zh-CN, en, en_US, en-US in any case -> 'zh' | 'en'; anything else -> null. */
export function normalizeLanguage(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const base = value.trim().toLowerCase().split(/[-_]/, 1)[0];
  return base === 'zh' || base === 'en' ? base : null;
}

/**
 * A stored language: a plain string, or a value another app of the platform wrote as JSON (a string, or
 * the BladeX `{ content }` record).
 */
export function parseStoredLanguage(stored: string | null): Language | null {
  if (stored === null) return null;
  const plain = normalizeLanguage(stored);
  if (plain) return plain;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (typeof parsed === 'string') return normalizeLanguage(parsed);
    if (parsed && typeof parsed === 'object')
      return normalizeLanguage((parsed as { content?: unknown }).content);
  } catch {
    // Not JSON: not a language.
  }
  return null;
}
