import i18next, { type i18n as I18n } from 'i18next';
import { currentSiteConfig } from '../config/loader';
import type { ValidationFailure } from '../validators/result';
import { COMMON_TEXTS } from './common';
import {
  DEFAULT_LANGUAGE,
  type HzLanguage,
  htmlLangOf,
  hzLanguageOf,
  LANGUAGES,
  type Language,
  normalizeLanguage,
  parseStoredLanguage,
} from './language';

export const COMMON_NS = 'common';
/** Texts the server serves by prefix (`hnac/sys/i18n/byPrefix`), reachable from every namespace. */
export const SERVER_NS = 'server';

/** Before the site config is loaded the platform's default prefix applies. */
export const languageStorageKey = (): string => `${currentSiteConfig()?.storagePrefix ?? 'saber-'}language`;

function readStoredLanguage(): Language | null {
  try {
    return parseStoredLanguage(localStorage.getItem(languageStorageKey()));
  } catch {
    return null;
  }
}

/**
 * The stored choice, mirrored in a cookie for the server, which sends the login page's markup in that
 * language (issue 31). The page's own choice stays in storage; the cookie only follows it.
 */
export const LANGUAGE_COOKIE = 'ops-language';

function mirrorLanguageCookie(language: Language): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: synchronous on every browser the console supports; the Cookie Store API is neither.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax`;
}

function applyHtmlLang(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLangOf(language);
}

/**
 * The console's one i18next instance. Its own instance rather than i18next's global one, so a sub-app
 * that initialises the global instance for itself cannot replace the console's texts.
 */
export const i18n: I18n = i18next.createInstance();

const initialLanguage = readStoredLanguage() ?? DEFAULT_LANGUAGE;
void i18n.init({
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [COMMON_NS],
  defaultNS: COMMON_NS,
  // A package namespace falls back to the shared texts and then to the server's.
  fallbackNS: [COMMON_NS, SERVER_NS],
  resources: { zh: { [COMMON_NS]: COMMON_TEXTS.zh }, en: { [COMMON_NS]: COMMON_TEXTS.en } },
  // React escapes what it renders; escaping here too would show entities.
  interpolation: { escapeValue: false },
  // Resources are in memory: initialise synchronously so `t` works right after import.
  initAsync: false,
  returnNull: false,
});
applyHtmlLang(initialLanguage);

export type TranslateParams = Record<string, unknown>;
export type Translate = (key: string, params?: TranslateParams) => string;

/** Translates in the current language; keys without a namespace are looked up in `common`. */
export const t: Translate = (key, params) => i18n.t(key, params as never) as unknown as string;

/** The sentence for a validator's failure, with its field label translated. */
export const validationMessage = (failure: Pick<ValidationFailure, 'error' | 'params'>): string =>
  t(failure.error, failure.params);

// ---- change notification: language switches and newly added texts both re-render views ----

type LanguageListener = (language: Language) => void;
const languageListeners = new Set<LanguageListener>();
const textListeners = new Set<() => void>();
let version = 0;

function notify<A extends unknown[]>(listeners: Set<(...args: A) => void>, ...args: A): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch (error) {
      // One broken view must not stop the others; the error still reaches the error log.
      globalThis.reportError?.(error);
    }
  }
}

function textsChanged(): void {
  version++;
  notify(textListeners);
}

/** Called after each language change with the new language. Returns the unsubscribe function. */
export function onLanguageChange(listener: LanguageListener): () => void {
  languageListeners.add(listener);
  return () => languageListeners.delete(listener);
}

/** For `useSyncExternalStore`: fires on language changes and when texts are added. */
export function subscribeTexts(listener: () => void): () => void {
  textListeners.add(listener);
  return () => textListeners.delete(listener);
}

/** Changes whenever what `t` answers may have changed. */
export const textsVersion = (): number => version;

export const currentLanguage = (): Language => normalizeLanguage(i18n.language) ?? DEFAULT_LANGUAGE;

/** The `Hz-Language` header value for the current language. */
export const hzLanguage = (): HzLanguage => hzLanguageOf(currentLanguage());

function switchTo(language: Language): void {
  const previous = currentLanguage();
  void i18n.changeLanguage(language);
  applyHtmlLang(language);
  if (language === previous) return;
  notify(languageListeners, language);
  textsChanged();
}

/** Switches the language, remembers it for the next visit, and updates <html lang>. */
export function setLanguage(language: Language): void {
  const normalized = normalizeLanguage(language);
  if (!normalized) throw new RangeError(`unsupported language: ${String(language)}`);
  try {
    localStorage.setItem(languageStorageKey(), normalized);
  } catch {
    // Storage may be full or blocked; the switch itself still applies to this page.
  }
  mirrorLanguageCookie(normalized);
  switchTo(normalized);
}

/** Applies the stored language again, e.g. once the site config (and so the storage prefix) is loaded. */
export function restoreLanguage(): Language {
  const stored = readStoredLanguage();
  if (stored) mirrorLanguageCookie(stored);
  const language = stored ?? currentLanguage();
  switchTo(language);
  return language;
}

export interface LanguageTexts {
  zh: Record<string, unknown>;
  en: Record<string, unknown>;
}

/**
 * Adds a package's texts under its namespace (merged deeply, later calls win) and answers a `t` bound to
 * that namespace. Keys missing there fall back to `common` and then to the server's texts.
 */
export function registerTexts(namespace: string, texts: LanguageTexts): Translate {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, namespace, texts[language], true, true);
  textsChanged();
  return (key, params) => t(key, { ns: namespace, ...params });
}

/** The `data` of `GET hnac/sys/i18n/byPrefix`: `{ code: text }`; a `[{ code, text }]` list is read too. */
export type ServerTexts =
  | Readonly<Record<string, unknown>>
  | ReadonlyArray<{ code?: unknown; text?: unknown; value?: unknown }>
  | null
  | undefined;

const loadedPrefixes = new Set<string>();

function serverEntries(entries: ServerTexts): Array<[string, string]> {
  if (!entries) return [];
  const pairs: Array<[unknown, unknown]> = Array.isArray(entries)
    ? entries.map((e) => [e?.code, e?.text ?? e?.value])
    : Object.entries(entries);
  return pairs.filter(
    (p): p is [string, string] => typeof p[0] === 'string' && p[0] !== '' && typeof p[1] === 'string',
  );
}

/**
 * Merges the server's texts for one prefix and language (zh, en, zh_CN or en_US). Codes are kept whole
 * (`menu.station_overview` is one key, not a path), so `t(meta.i18n)` finds them from any namespace.
 * Answers how many texts were merged.
 */
export function mergeServerTexts(prefix: string, language: string, entries: ServerTexts): number {
  const lang = normalizeLanguage(language);
  if (!lang) throw new RangeError(`unsupported language: ${language}`);
  const pairs = serverEntries(entries);
  // A separator that never occurs keeps each code one flat key (the typings do not allow `false`).
  for (const [code, text] of pairs)
    i18n.addResource(lang, SERVER_NS, code, text, { keySeparator: '\u0000', silent: true });
  loadedPrefixes.add(`${lang}\u0000${prefix}`);
  if (pairs.length > 0) textsChanged();
  return pairs.length;
}

/** Whether the server's texts of a prefix were merged for a language (so they need not be fetched again). */
export function hasServerTexts(prefix: string, language: string): boolean {
  const lang = normalizeLanguage(language);
  return !!lang && loadedPrefixes.has(`${lang}\u0000${prefix}`);
}
