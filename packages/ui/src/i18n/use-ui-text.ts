import { i18n, subscribeTexts, textsVersion } from '@ops/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_NS, type UiTextKey } from './texts';

export type UiTextParams = Record<string, string | number>;
export type UiTranslate = (key: UiTextKey, params?: UiTextParams) => string;

// One options object, so react-i18next keeps its memoised options between renders. The console's
// instance is passed rather than taken from context: confirm() and message.* render in roots of their own,
// and i18next's global instance is not the console's.
const OPTIONS = { i18n, useSuspense: false } as const;

/**
 * The building blocks' texts in the current language. Re-renders on a language switch and whenever texts
 * are added, including the server's (merged silently, which react-i18next's own events do not report).
 */
export function useUiText(): UiTranslate {
  useSyncExternalStore(subscribeTexts, textsVersion);
  const { t } = useTranslation(UI_NS, OPTIONS);
  return useCallback<UiTranslate>((key, params) => t(key, { ...params }), [t]);
}
