import type { UiPartTextKey } from './part-texts';
import { UI_NS, type UiCoreTextKey } from './texts';
import { useTexts } from './use-texts';

/** A key of the `ui` texts: the parts' keys are there once their module (which imports them) has loaded. */
export type UiTextKey = UiCoreTextKey | UiPartTextKey;
export type UiTextParams = Record<string, string | number>;
export type UiTranslate = (key: UiTextKey, params?: UiTextParams) => string;

/** The building blocks' texts in the current language, following switches and added texts. */
export function useUiText(): UiTranslate {
  return useTexts(UI_NS).t;
}
