import {
  type Http,
  htmlLangOf,
  LANGUAGES,
  type Language,
  type LanguageView,
  registerTexts,
} from '@ops/shared';
import { LANGUAGE_NAMES, languageChoices, withLanguage } from '@ops/shared/rules';
import { useEffect, useState } from 'react';
import { useTexts } from '../i18n/use-texts';
import { useMenuButton } from './menu-button';

const NS = 'ui-language';
registerTexts(NS, { zh: { language: '语言' }, en: { language: 'Language' } });

export interface LanguageMenuProps {
  /** The host's language: what is checked, and the switch. */
  language: LanguageView;
  /** The console's client: the `i18n_language` dictionary is read through it (once per page and tenant). */
  http: Http;
  tenantId: string;
  /** The button's look, the bar's own icon buttons' (the top bar's, the assistant header's). */
  className: string;
}

/**
 * The signed-in language switch (spec §2): a button named "语言" / "Language" opens a menu of the
 * languages of the `i18n_language` dictionary the console has texts for, each named as written in itself,
 * the current one checked. Choosing one switches the whole console in place, without a reload.
 */
export function LanguageMenu({ language, http, tenantId, className }: LanguageMenuProps) {
  const { t, lang } = useTexts(NS);
  const [choices, setChoices] = useState<readonly Language[]>(LANGUAGES);
  useEffect(() => {
    let live = true;
    void languageChoices(http, tenantId).then((list) => live && setChoices(list));
    return () => {
      live = false;
    };
  }, [http, tenantId]);
  const list = withLanguage(choices, lang);
  const menu = useMenuButton(list.length);
  const label = t('language');
  return (
    <div className="ops-language-menu">
      <button type="button" className={className} aria-label={label} title={label} {...menu.button}>
        <svg className="ops-language-menu__icon" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" />
          <ellipse cx="12" cy="12" rx="4" ry="9" />
          <path d="M3 12h18M5 7h14M5 17h14" />
        </svg>
      </button>
      {menu.open && (
        <div {...menu.menu} role="menu" aria-label={label} className="ops-menu-button__list">
          {list.map((code, index) => (
            <button
              key={code}
              type="button"
              role="menuitemradio"
              aria-checked={code === lang}
              lang={htmlLangOf(code)}
              tabIndex={menu.tabIndexOf(index)}
              className="ops-menu-button__item"
              onClick={() => menu.choose(() => language.set(code))}
            >
              {LANGUAGE_NAMES[code]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
