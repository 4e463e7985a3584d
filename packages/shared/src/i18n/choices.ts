/**
 * The languages a signed-in user may choose (spec §2, §3, §7): those of the `i18n_language` dictionary that
 * the console has texts for, in the dictionary's order. Exported by `@ops/shared/rules`: the login page's
 * switch offers the console's languages as they are and does not read the dictionary.
 */

// By name: the rules entry loads after @ops/shared and carries no copy of it.
import { LANGUAGES, type Language, normalizeLanguage } from '@ops/shared';
import type { Http } from '../http/lazy-http';
import { type DictEntry, fetchDictionary } from '../notices/notices';

export const LANGUAGE_DICTIONARY = 'i18n_language';

/**
 * Each language's name as written in itself, what the signed-in menus show (the login page's switch says
 * the same in its own module, so the login page does not load this one).
 */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { zh: '中文', en: 'English' };

/**
 * The dictionary's keys (zh_CN, en_US, ...) as the console's languages, each once, in the dictionary's
 * order; keys of languages the console has no texts for are left out. A dictionary that names none of
 * them (missing, empty, unreadable) gives every language of the console.
 */
export function languagesOfDictionary(entries: readonly Pick<DictEntry, 'key'>[] | null): Language[] {
  const found: Language[] = [];
  for (const entry of entries ?? []) {
    const language = normalizeLanguage(entry.key);
    if (language && !found.includes(language)) found.push(language);
  }
  return found.length > 0 ? found : [...LANGUAGES];
}

/** The list a menu shows: the current language is always there (checked), even where the list lacks it. */
export function withLanguage(list: readonly Language[], current: Language): readonly Language[] {
  return list.includes(current) ? list : [...list, current];
}

const asked = new WeakMap<Http, Map<string, Promise<Language[]>>>();

/**
 * The chooseable languages of a tenant, read once per page through the console's client and shared by
 * every menu that shows them (the top bar's, the assistant's). Never rejects: a dictionary that cannot be
 * read gives the console's languages, and is asked again by the next caller.
 */
export function languageChoices(http: Http, tenantId: string): Promise<Language[]> {
  const tenants = asked.get(http) ?? new Map<string, Promise<Language[]>>();
  asked.set(http, tenants);
  const known = tenants.get(tenantId);
  if (known) return known;
  // Shared by every caller: no caller's unmount may abort it (a sign-out's abort-all still does).
  const answer = fetchDictionary(http, LANGUAGE_DICTIONARY, new AbortController().signal).then(
    languagesOfDictionary,
    () => {
      tenants.delete(tenantId);
      return [...LANGUAGES];
    },
  );
  tenants.set(tenantId, answer);
  return answer;
}
