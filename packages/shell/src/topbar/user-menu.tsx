import { holdStylesheet } from '@ops/shared';
import { useMenuButton } from '@ops/ui/load';
import { useLayoutEffect } from 'react';
import { useShellText } from '../shared/i18n';
import { markOf } from '../shared/mark';
import { TOPBAR_TEXTS } from './texts';
import href from './topbar.css';

export type UserMenuAction =
  | 'home'
  | 'personalInfo'
  | 'switchSite'
  | 'returnToMainSite'
  | 'mobileApp'
  | 'lock'
  | 'logout';

const TEXT: Record<UserMenuAction, string> = {
  home: 'home',
  personalInfo: 'personalInfo',
  switchSite: 'switchSite',
  returnToMainSite: 'returnToMainSite',
  mobileApp: 'mobileApp',
  lock: 'lock',
  logout: 'logout',
};

/**
 * The user dropdown (WAI-ARIA menu button, @ops/ui's `useMenuButton`): a button named with the user's name
 * opens a `menu` of the entries the session may use.
 */
export function UserMenu({
  name,
  items,
  onAction,
}: {
  name: string;
  items: readonly UserMenuAction[];
  onAction(action: UserMenuAction): void;
}) {
  const { t } = useShellText(TOPBAR_TEXTS);
  // Its styles are the top bar's, also where it stands without the top bar (visual system, home view).
  useLayoutEffect(() => holdStylesheet(href), []);
  const menu = useMenuButton(items.length);

  return (
    <div className="ops-user-menu">
      <button type="button" className="ops-user-menu__button" {...menu.button}>
        <span className="ops-initial ops-initial--avatar" aria-hidden="true">
          {markOf(name, '?')}
        </span>
        <span className="ops-user-menu__name">{name || t('userMenu')}</span>
        <span className="ops-caret" aria-hidden="true" />
      </button>
      {menu.open && (
        <div {...menu.menu} role="menu" aria-label={name || t('userMenu')} className="ops-menu-button__list">
          {items.map((action, index) => (
            <button
              key={action}
              type="button"
              role="menuitem"
              tabIndex={menu.tabIndexOf(index)}
              className={`ops-menu-button__item${action === 'logout' ? ' ops-menu-button__item--divided' : ''}`}
              onClick={() => menu.choose(() => onAction(action))}
            >
              {t(TEXT[action])}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
