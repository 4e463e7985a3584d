import { type Language, type LanguageTexts, registerTexts } from '@ops/shared';
import { useTexts } from '@ops/ui';

/**
 * The shell's texts live in the console's one i18next instance, one namespace per feature folder
 * (`shell.auth`, `shell.lock`, ...). Views read them with @ops/ui's `useTexts`; a language switch anywhere
 * re-renders them.
 */
export type ShellT = (key: string, params?: Record<string, unknown>) => string;

export function defineShellTexts<T extends Record<string, string>>(
  namespace: string,
  zh: T,
  en: Record<keyof T, string>,
): string {
  registerTexts(namespace, { zh, en } as LanguageTexts);
  return namespace;
}

/** The translator of a namespace and the current language, following switches. */
export function useShellText(namespace: string): { t: ShellT; lang: Language } {
  return useTexts(namespace);
}
