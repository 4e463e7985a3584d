import { UI_NS, type UiTextKey } from './texts';
import { useTexts } from './use-texts';

export type UiTextParams = Record<string, string | number>;
export type UiTranslate = (key: UiTextKey, params?: UiTextParams) => string;

/** The building blocks' texts in the current language, following switches and added texts. */
export function useUiText(): UiTranslate {
  return useTexts(UI_NS).t;
}
