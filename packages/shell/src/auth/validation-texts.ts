import { t } from '@ops/shared';
import type { Language } from '../shared/services';

/** The sentence for a shared validator's failure (`validation.*` keys of the shared `common` texts), in `lang`. */
export function validationText(lang: Language, key: string, params?: Record<string, unknown>): string {
  return t(key, { ...(params as Record<string, string | number>), lng: lang });
}
