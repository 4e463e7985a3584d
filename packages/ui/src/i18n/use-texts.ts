import { currentLanguage, i18n, type Language, subscribeTexts, textsVersion } from '@ops/shared';
import { useMemo, useSyncExternalStore } from 'react';

export type TextParams = Record<string, unknown>;
export type Translate = (key: string, params?: TextParams) => string;

/**
 * The texts of one namespace of the console's one i18next instance, in the current language: the React
 * binding every package uses (the shell, @ops/ui, parcels and sub-apps). It re-renders on a language
 * switch and whenever texts are added, the server's included, in any root (a dialog or a message rendered
 * in a root of its own reads the same texts); no provider is needed.
 */
export function useTexts(namespace: string): { t: Translate; lang: Language } {
  const version = useSyncExternalStore(subscribeTexts, textsVersion, textsVersion);
  // `version` is a dependency on purpose: a new translator (and a re-render) for each texts version.
  return useMemo(() => {
    const fixed = i18n.getFixedT(null, namespace);
    return { t: (key, params) => fixed(key, { ...params }) as string, lang: currentLanguage() };
  }, [namespace, version]);
}
