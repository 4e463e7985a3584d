import { holdStylesheet } from '@ops/shared';
import { type JSX, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { type MenuItem, menuStateForUrl } from '../menus/model';
import type { MenusState } from '../menus/store';
import { useShellText } from '../shared/i18n';
import { markOf } from '../shared/mark';
import { dropdownRows, SUBMENU_SHOW_DELAY_MS, topLevelIdOf } from './rules';
import { MenuLink } from './sidebar';
import href from './sidebar.css';
import { SIDEBAR_TEXTS } from './texts';

export interface HorizontalMenuProps {
  menus: MenusState;
  /** The current path with its query: the first-level item holding the active item is marked. */
  url: string;
  nameOf(item: MenuItem): string;
  onOpen(item: MenuItem): void;
  onRetry(): void;
  /** Spec §9: the wheel scrolls the bar sideways, 60 px a step. */
  wheelScroll(scrollLeft: number, deltaY: number, max: number): number;
}

interface OpenSubmenu {
  readonly id: string;
  readonly left: number;
  readonly top: number;
}

/**
 * The transverse layout's menu (spec §2: the sidebar's horizontal mode), in the top bar: first-level items
 * in a row that the wheel scrolls; a container opens its submenu below it on click, Enter, Space or
 * ArrowDown, or after the pointer rests on it for 200 ms (spec §9). Esc closes it and returns focus to its
 * item; so does a click elsewhere. The disclosure pattern: containers are buttons with `aria-expanded`,
 * entries are links.
 */
export function HorizontalMenu({ menus, url, nameOf, onOpen, onRetry, wheelScroll }: HorizontalMenuProps) {
  const { t } = useShellText(SIDEBAR_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const { active, open } = menuStateForUrl(menus.model, url);
  const holder = topLevelIdOf(active, open);
  const [submenu, setSubmenu] = useState<OpenSubmenu | null>(null);
  const bar = useRef<HTMLUListElement>(null);
  const nav = useRef<HTMLElement>(null);
  const hover = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const popupId = useId();

  const show = (id: string, button: HTMLElement) => {
    const box = button.getBoundingClientRect();
    setSubmenu({ id, left: Math.round(box.left), top: Math.round(box.bottom) });
  };
  const close = (focusItem: boolean) => {
    clearTimeout(hover.current);
    if (focusItem && submenu) {
      nav.current?.querySelector<HTMLElement>(`[data-menu-id="${CSS.escape(submenu.id)}"]`)?.focus();
    }
    setSubmenu(null);
  };

  // A new page closes the submenu; so does a press outside the menu.
  useEffect(() => setSubmenu(null), [url]);
  useEffect(() => {
    if (!submenu) return;
    const outside = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setSubmenu(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [submenu]);
  useEffect(() => () => clearTimeout(hover.current), []);

  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const wheel = (event: WheelEvent) => {
      const max = element.scrollWidth - element.clientWidth;
      if (max <= 0 || event.deltaY === 0) return;
      event.preventDefault();
      setSubmenu(null);
      element.scrollLeft = wheelScroll(element.scrollLeft, event.deltaY, max);
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }, [wheelScroll, menus.status]);

  const item = (entry: MenuItem) => {
    const name = nameOf(entry);
    if (entry.children.length === 0) {
      return (
        <li key={entry.id}>
          <MenuLink
            item={entry}
            className="ops-hmenu__item"
            current={active?.id === entry.id}
            onOpen={onOpen}
            newWindow={t('newWindow')}
          >
            <span className="ops-hmenu__name">{name}</span>
          </MenuLink>
        </li>
      );
    }
    const isOpen = submenu?.id === entry.id;
    return (
      <li key={entry.id}>
        <button
          type="button"
          className="ops-hmenu__item"
          data-menu-id={entry.id}
          data-holds-current={holder === entry.id || undefined}
          aria-expanded={isOpen}
          aria-controls={isOpen ? popupId : undefined}
          onClick={(event) => (isOpen ? close(false) : show(entry.id, event.currentTarget))}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown') return;
            event.preventDefault();
            show(entry.id, event.currentTarget);
            requestAnimationFrame(() =>
              document.getElementById(popupId)?.querySelector<HTMLElement>('a')?.focus(),
            );
          }}
          onPointerEnter={(event) => {
            if (event.pointerType !== 'mouse') return;
            const button = event.currentTarget;
            clearTimeout(hover.current);
            hover.current = setTimeout(() => show(entry.id, button), SUBMENU_SHOW_DELAY_MS);
          }}
          onPointerLeave={() => clearTimeout(hover.current)}
        >
          <span className="ops-hmenu__name">{name}</span>
          <span className="ops-caret ops-side-menu__arrow" aria-hidden="true" />
        </button>
      </li>
    );
  };

  const openItem = submenu ? menus.model.items.find((entry) => entry.id === submenu.id) : undefined;
  let body: JSX.Element;
  if (menus.status === 'error') {
    body = (
      <p className="ops-hmenu__state" role="alert">
        {t('failed')}
        <button type="button" className="ops-hmenu__retry" onClick={onRetry}>
          {t('retry')}
        </button>
      </p>
    );
  } else if (menus.status === 'loading' && menus.model.items.length === 0) {
    body = (
      <p className="ops-hmenu__state" role="status">
        {t('loading')}
      </p>
    );
  } else if (menus.model.items.length === 0) {
    body = <p className="ops-hmenu__state">{t('empty')}</p>;
  } else {
    body = (
      <ul ref={bar} className="ops-hmenu__bar">
        {menus.model.items.map(item)}
      </ul>
    );
  }

  return (
    <nav
      ref={nav}
      className="ops-hmenu"
      aria-label={t('mainMenu')}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && submenu) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      {body}
      {submenu && openItem && (
        <ul
          id={popupId}
          className="ops-hmenu__popup"
          aria-label={nameOf(openItem)}
          style={{ left: `${submenu.left}px`, top: `${submenu.top}px` }}
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse') close(false);
          }}
        >
          {dropdownRows(openItem).map(({ item: row, depth }) => {
            const name = nameOf(row);
            const indent = { paddingInlineStart: `calc(${depth} * var(--ops-space-16))` };
            return row.children.length > 0 ? (
              <li key={row.id} className="ops-hmenu__heading" style={indent}>
                {name}
              </li>
            ) : (
              <li key={row.id}>
                <MenuLink
                  item={row}
                  className="ops-hmenu__entry"
                  current={active?.id === row.id}
                  style={indent}
                  onOpen={onOpen}
                  newWindow={t('newWindow')}
                >
                  <span className={`ops-side-menu__mark ${row.icon}`} aria-hidden="true">
                    {markOf(name, '·')}
                  </span>
                  <span className="ops-side-menu__name">{name}</span>
                </MenuLink>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
