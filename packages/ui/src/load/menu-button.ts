import { holdStylesheet } from '@ops/shared';
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import href from './menu-button.css';

/** What `useMenuButton` answers: spread `button` on the button, `menu` on the open `role="menu"` element. */
export interface MenuButton {
  open: boolean;
  button: {
    ref: RefObject<HTMLButtonElement | null>;
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    onClick(): void;
    onKeyDown(event: KeyboardEvent): void;
  };
  menu: {
    ref: RefObject<HTMLDivElement | null>;
    id: string;
    onKeyDown(event: KeyboardEvent): void;
  };
  /** The roving tab index of the item at `index`. */
  tabIndexOf(index: number): 0 | -1;
  /** Closes the menu, focus back on the button, and runs what the item does. */
  choose(action: () => void): void;
}

/**
 * A WAI-ARIA menu button of `count` items (menuitem, menuitemradio): Enter, Space or ArrowDown open it on
 * the first item (ArrowUp on the last), arrows move, Home and End jump, Esc closes it back to the button,
 * Tab and a click elsewhere close it. The top bar's user and language menus and the assistant's share it.
 */
export function useMenuButton(count: number): MenuButton {
  // The menu's look: `ops-menu-button__list` on the menu, `ops-menu-button__item` on its items.
  useLayoutEffect(() => holdStylesheet(href), []);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]')[focusIndex]?.focus();
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
  const last = count - 1;
  return {
    open,
    button: {
      ref: button,
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'aria-controls': open ? id : undefined,
      onClick: () => (open ? close(false) : show(0)),
      onKeyDown(event) {
        if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          show(0);
        } else if (event.key === 'ArrowUp') {
          event.preventDefault();
          show(last);
        }
      },
    },
    menu: {
      ref: menu,
      id,
      onKeyDown(event) {
        const moves: Record<string, number> = {
          ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
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
      },
    },
    tabIndexOf: (index) => (index === focusIndex ? 0 : -1),
    choose(action) {
      close(true);
      action();
    },
  };
}
