import { holdStylesheet } from '@ops/shared';
import { truncateText } from '@ops/ui';
import {
  type KeyboardEvent,
  type MouseEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type WheelEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useShellText } from '../shared/i18n';
import { menuNameOf } from '../shared/menu-name';
import type { Tag, TagAction, TagMenu } from './rules';
import type { TagStore } from './store';
import href from './tag-bar.css';
import { TAG_TEXTS } from './texts';

export interface TagBarProps {
  /** The tag bar's store (`createTagStore`); the bar shows its state and acts through it. */
  store: TagStore;
  /** Opens a page (a tag's `value`: path plus query). */
  navigate(path: string): void;
  /** "Clear cache" was chosen: the caller asks the server (`GET /api/blade-system/oauth/clear-cache`). */
  onClearCache(): void;
  /** The name a tag shows; by default its `meta.i18n` among the server's texts, else its label. */
  labelOf?(tag: Tag): string;
  /** Extra classes on the bar's root (the chrome's grid area). */
  className?: string;
}

/** Characters a tag shows before its label is cut with an ellipsis (spec §5). */
const LABEL_LIMIT = 20;

const ACTIONS: readonly TagAction[] = ['clearCache', 'closeOthers', 'closeAll'];

/**
 * A tag's name in the current language: the server's text of its `meta.i18n` key when there (menu names),
 * else the label it was opened with. Always plain text.
 */
export function tagLabelOf(tag: Tag): string {
  return menuNameOf({ name: tag.label, meta: { i18n: tag.meta.i18n ?? null } });
}

interface OpenMenu {
  readonly target: string;
  /** Where it opens (viewport coordinates): the pointer, or below the tab when opened from the keyboard. */
  readonly x: number;
  readonly y: number;
  /** The entry that has the focus. */
  readonly index: number;
}

/**
 * The page tag bar (spec §2 "Page tag bar", §4 Tags, DECISIONS 16): a `tablist` of the open pages, each a
 * `tab` that opens its page and closes on Delete when it may be closed (with a close button for the mouse, left
 * out of the accessibility tree), and a context menu (right-click,
 * the ContextMenu key or Shift+F10) acting on the tag it was opened on.
 *
 * Keyboard: one tab stop for the bar (roving tabindex); Left/Right move between tags, Home/End jump, Enter or
 * Space opens the page, Delete closes the tag. In the menu Up/Down move, Enter or Space choose, Esc (and
 * Tab) close it and give the focus back to the tag.
 */
export function TagBar({ store, navigate, onClearCache, labelOf = tagLabelOf, className }: TagBarProps) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t } = useShellText(TAG_TEXTS);
  const state = useSyncExternalStore(store.subscribe, store.get);
  // The tag last focused, with the active tag of that moment: a new active tag takes the tab stop back.
  const [focused, setFocusedState] = useState<{ value: string; active: string | null } | null>(null);
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const menuElement = useRef<HTMLDivElement>(null);
  const tabs = useRef(new Map<string, HTMLButtonElement>());
  /** The tag to focus after the next render (a close or an action removed the focused element). */
  const pendingFocus = useRef<string | null>(null);

  const { tags, active } = state;
  const values = tags.map((tag) => tag.value);
  // The bar's one tab stop: the tag last focused (while the same tag is active), else the active one, else
  // the first.
  const stop =
    focused !== null && focused.active === active && values.includes(focused.value)
      ? focused.value
      : (active ?? values[0] ?? null);
  const setFocused = (value: string) => setFocusedState({ value, active });

  const focusTab = (value: string | undefined) => {
    if (value === undefined) return;
    setFocused(value);
    tabs.current.get(value)?.focus();
  };

  // After a close or an action: the focus goes to the tag asked for, or to the active one.
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (wanted === null || menu !== null) return;
    pendingFocus.current = null;
    focusTab(tabs.current.has(wanted) ? wanted : (active ?? values[0]));
  });

  // The active tag is scrolled into view (within the bar only; the page does not move).
  useLayoutEffect(() => {
    const scroller = list.current;
    const item = active === null ? undefined : tabs.current.get(active)?.parentElement;
    if (!scroller || !item) return;
    const start = item.offsetLeft;
    const end = start + item.offsetWidth;
    const margin = 8;
    if (start < scroller.scrollLeft + margin) scroller.scrollLeft = Math.max(0, start - margin);
    else if (end > scroller.scrollLeft + scroller.clientWidth - margin)
      scroller.scrollLeft = end - scroller.clientWidth + margin;
  }, [active, tags]);

  // The menu: focus on its entry, kept inside the window, closed by a press outside or the window's blur.
  useLayoutEffect(() => {
    const element = menuElement.current;
    if (!menu || !element) return;
    const rect = element.getBoundingClientRect();
    const gap = 4;
    element.style.left = `${Math.max(gap, Math.min(menu.x, window.innerWidth - rect.width - gap))}px`;
    element.style.top = `${Math.max(gap, Math.min(menu.y, window.innerHeight - rect.height - gap))}px`;
  }, [menu]);
  useEffect(() => {
    if (!menu) return;
    menuElement.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[menu.index]?.focus();
  }, [menu]);
  const menuOpen = menu !== null;
  useEffect(() => {
    if (!menuOpen) return;
    const outside = (event: PointerEvent) => {
      if (!menuElement.current?.contains(event.target as Node)) setMenu(null);
    };
    const dismiss = () => setMenu(null);
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('blur', dismiss);
    window.addEventListener('resize', dismiss);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('blur', dismiss);
      window.removeEventListener('resize', dismiss);
    };
  }, [menuOpen]);
  // A menu whose tag has gone (closed elsewhere) closes.
  useEffect(() => {
    if (menu && !values.includes(menu.target)) setMenu(null);
  });

  const focusWithin = () => list.current?.contains(document.activeElement) ?? false;

  const open = (tag: Tag) => {
    if (tag.value !== active) navigate(tag.value);
  };

  const close = (tag: Tag, refocus: boolean) => {
    const index = values.indexOf(tag.value);
    const to = store.close(tag.value);
    if (refocus) {
      const left = store.get().tags;
      pendingFocus.current = to ?? left[Math.min(index, left.length - 1)]?.value ?? null;
    }
    if (to !== undefined) navigate(to);
  };

  const showMenu = (target: string, x: number, y: number) => {
    setFocused(target);
    setMenu({ target, x, y, index: 0 });
  };
  const showMenuBelow = (tag: Tag) => {
    const rect = tabs.current.get(tag.value)?.parentElement?.getBoundingClientRect();
    if (rect) showMenu(tag.value, rect.left, rect.bottom + 4);
  };
  const onContextMenu = (tag: Tag) => (event: MouseEvent) => {
    event.preventDefault();
    // The ContextMenu key fires this event too: it opens below the tag, as from keydown.
    const fromKeyboard = event.button !== 2 || (event.clientX === 0 && event.clientY === 0);
    if (fromKeyboard) {
      if (menu?.target !== tag.value) showMenuBelow(tag);
    } else {
      showMenu(tag.value, event.clientX, event.clientY);
    }
  };

  const onTabKey = (tag: Tag, index: number) => (event: KeyboardEvent) => {
    const last = tags.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusTab(values[moves[event.key] as number]);
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      showMenuBelow(tag);
    } else if (event.key === 'Delete' && tag.close) {
      event.preventDefault();
      close(tag, true);
    }
  };

  const closeMenu = (refocus: boolean) => {
    if (!menu) return;
    setMenu(null);
    if (refocus) pendingFocus.current = menu.target;
  };
  const enabled: TagMenu | null = menu ? store.menu(menu.target) : null;
  const choose = (action: TagAction) => {
    if (!menu || !enabled?.[action]) return;
    const target = menu.target;
    setMenu(null);
    pendingFocus.current = target;
    const outcome = store.act(action, target);
    if (outcome.clearCache) onClearCache();
    if (outcome.navigateTo !== undefined) navigate(outcome.navigateTo);
  };
  const onMenuKey = (event: KeyboardEvent) => {
    if (!menu) return;
    const last = ACTIONS.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: menu.index === last ? 0 : menu.index + 1,
      ArrowUp: menu.index === 0 ? last : menu.index - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setMenu({ ...menu, index: moves[event.key] as number });
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      closeMenu(true);
    }
  };

  // A vertical wheel scrolls the bar sideways (it has no vertical scroll of its own).
  const onWheel = (event: WheelEvent) => {
    const scroller = list.current;
    if (!scroller || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
    scroller.scrollLeft += event.deltaY;
  };

  const menuTag = menu ? tags.find((tag) => tag.value === menu.target) : undefined;

  return (
    <div className={['ops-tag-bar', className].filter(Boolean).join(' ')}>
      <div
        ref={list}
        className="ops-tag-bar__list"
        role="tablist"
        aria-label={t('openPages')}
        aria-orientation="horizontal"
        onWheel={onWheel}
      >
        {tags.map((tag, index) => {
          const label = labelOf(tag);
          const cut = truncateText(label, LABEL_LIMIT);
          const selected = tag.value === active;
          const classes = ['ops-tag', selected && 'is-active', tag.close && 'is-closable'];
          return (
            <div key={tag.value} className={classes.filter(Boolean).join(' ')} role="presentation">
              <button
                ref={(element) => {
                  if (element) tabs.current.set(tag.value, element);
                  else tabs.current.delete(tag.value);
                }}
                type="button"
                role="tab"
                className="ops-tag__label"
                aria-selected={selected}
                aria-label={cut.truncated ? label : undefined}
                aria-keyshortcuts={tag.close ? 'Delete' : undefined}
                title={cut.truncated ? label : undefined}
                tabIndex={tag.value === stop ? 0 : -1}
                onClick={() => open(tag)}
                onAuxClick={(event) => {
                  // A middle click closes, as in a browser's tab strip.
                  if (event.button === 1 && tag.close) {
                    event.preventDefault();
                    close(tag, focusWithin());
                  }
                }}
                onFocus={() => setFocused(tag.value)}
                onKeyDown={onTabKey(tag, index)}
                onContextMenu={onContextMenu(tag)}
              >
                {cut.text}
              </button>
              {tag.close && (
                // The mouse's way to close: out of the accessibility tree (a tablist owns tabs alone, WAI-ARIA
                // "deletable tabs"), since the tab itself closes on Delete (its aria-keyshortcuts).
                <button
                  type="button"
                  className="ops-tag__close"
                  tabIndex={-1}
                  aria-hidden="true"
                  title={t('close', { label })}
                  onClick={() => close(tag, focusWithin())}
                  onContextMenu={onContextMenu(tag)}
                />
              )}
            </div>
          );
        })}
      </div>
      {menu &&
        menuTag &&
        enabled &&
        createPortal(
          <div
            ref={menuElement}
            role="menu"
            aria-label={t('menu', { label: labelOf(menuTag) })}
            className="ops-tag-menu"
            style={{ left: menu.x, top: menu.y }}
            onKeyDown={onMenuKey}
            onContextMenu={(event) => event.preventDefault()}
          >
            {ACTIONS.map((action, index) => (
              <button
                key={action}
                type="button"
                role="menuitem"
                className="ops-tag-menu__item"
                tabIndex={index === menu.index ? 0 : -1}
                aria-disabled={!enabled[action]}
                onClick={() => choose(action)}
                onFocus={() => index !== menu.index && setMenu({ ...menu, index })}
              >
                {t(action)}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </div>
  );
}
