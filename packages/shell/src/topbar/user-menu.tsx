import { holdStylesheet } from '@ops/shared';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useShellText } from '../shared/i18n';
import { markOf } from '../shared/mark';
import { TOPBAR_TEXTS } from './texts';
import href from './topbar.css';

export type UserMenuAction = 'home' | 'personalInfo' | 'switchSite' | 'returnToMainSite' | 'lock' | 'logout';

const TEXT: Record<UserMenuAction, string> = {
  home: 'home',
  personalInfo: 'personalInfo',
  switchSite: 'switchSite',
  returnToMainSite: 'returnToMainSite',
  lock: 'lock',
  logout: 'logout',
};

/**
 * The user dropdown (WAI-ARIA menu button): a button named with the user's name opens a `menu` of the
 * entries the session may use. Enter, Space or ArrowDown open it on the first entry, arrows move, Home and
 * End jump, Esc closes it back to the button, Tab closes it.
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
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusIndex]?.focus();
  }, [open, focusIndex]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const show = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      show(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      show(items.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key] as number);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };
  const choose = (action: UserMenuAction) => {
    close(true);
    onAction(action);
  };

  return (
    <div className="ops-user-menu">
      <button
        ref={button}
        type="button"
        className="ops-user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close(false) : show(0))}
        onKeyDown={onButtonKey}
      >
        <span className="ops-initial ops-initial--avatar" aria-hidden="true">
          {markOf(name, '?')}
        </span>
        <span className="ops-user-menu__name">{name || t('userMenu')}</span>
        <span className="ops-caret" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={name || t('userMenu')}
          className="ops-user-menu__list"
          onKeyDown={onMenuKey}
        >
          {items.map((action, index) => (
            <button
              key={action}
              type="button"
              role="menuitem"
              tabIndex={index === focusIndex ? 0 : -1}
              className={`ops-user-menu__item${action === 'logout' ? ' ops-user-menu__item--divided' : ''}`}
              onClick={() => choose(action)}
            >
              {t(TEXT[action])}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
