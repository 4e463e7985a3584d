import { holdStylesheet } from '@ops/shared';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import type { MenuItem } from '../menus/model';
import { afterPaint } from '../shared/after-paint';
import { type ShellT, useShellText } from '../shared/i18n';
import href from './menu-search.css';
import { Option, optionIndexOf } from './option';
import {
  buildSearchIndex,
  MENU_SEARCH_LIMIT,
  type MenuSearchIndex,
  type MenuSearchResult,
  searchKeyOf,
  searchMenu,
} from './search';
import { MENU_SEARCH_TEXTS } from './texts';

export { MENU_SEARCH_TEXTS };

export interface MenuSearchProps {
  /** The leaves to search (`leavesOf(model.items)`); keep the same array while the menu is the same. */
  readonly leaves: readonly MenuItem[];
  /**
   * An item's name in the current language. The index is rebuilt when this function changes, so give a
   * new function when the language (or the server texts) change and the same one otherwise.
   */
  nameOf(item: MenuItem): string;
  /** Called with the chosen item as the overlay closes; the caller opens `item.target`. */
  onOpen(item: MenuItem): void;
}

/** Options rendered with a keystroke (more than the list shows at once); the rest follow after the paint. */
const EAGER_OPTIONS = 10;
const NOTHING: readonly MenuSearchResult[] = [];

/**
 * The menu search (spec §2 Shell parts): the top bar's "Search menu" button and the modal overlay it
 * opens, an autocomplete over the leaves by their name in the current language. The overlay is a native
 * modal `<dialog>` (the page behind is inert, Esc closes it); the combobox keeps the focus while the arrow
 * keys move the highlight through the options (`aria-activedescendant`), Enter opens the highlighted
 * option, a click opens an option, and the focus returns to the button when the overlay closes. Names are
 * rendered as text, never as HTML. The search index is built once the overlay has first opened (after
 * it is painted) and kept until the leaves or `nameOf` change; a closed search costs nothing.
 */
export function MenuSearch({ leaves, nameOf, onOpen }: MenuSearchProps) {
  useLayoutEffect(() => holdStylesheet(href), []);
  const { t } = useShellText(MENU_SEARCH_TEXTS);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const restoreFocus = useRef(false);
  const index = useMemo(() => lazyIndex(leaves, nameOf), [leaves, nameOf]);
  const latestOnOpen = useRef(onOpen);
  latestOnOpen.current = onOpen;

  useLayoutEffect(() => {
    if (open || !restoreFocus.current) return;
    restoreFocus.current = false;
    button.current?.focus();
  }, [open]);

  const close = useCallback(() => {
    restoreFocus.current = true;
    setOpen(false);
  }, []);
  const choose = useCallback(
    (item: MenuItem) => {
      close();
      latestOnOpen.current(item);
    },
    [close],
  );

  const label = t('search');
  return (
    <>
      <button
        ref={button}
        type="button"
        className="ops-menu-search__button"
        aria-label={label}
        aria-haspopup="dialog"
        title={label}
        onClick={() => setOpen(true)}
      >
        <Magnifier />
      </button>
      {open &&
        createPortal(<SearchDialog index={index} t={t} onClose={close} onChoose={choose} />, document.body)}
    </>
  );
}

/** The index, built on first use: a closed search costs nothing however large the menu. */
function lazyIndex(leaves: readonly MenuItem[], nameOf: (item: MenuItem) => string): () => MenuSearchIndex {
  let index: MenuSearchIndex | null = null;
  return () => {
    index ??= buildSearchIndex(leaves, nameOf);
    return index;
  };
}

interface SearchDialogProps {
  index: () => MenuSearchIndex;
  t: ShellT;
  onClose(): void;
  onChoose(item: MenuItem): void;
}

function SearchDialog({ index, t, onClose, onChoose }: SearchDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  /** The arrow keys moved the highlight: bring it into view. */
  const reveal = useRef(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const searching = searchKeyOf(query) !== '';
  // One more than shown, to know whether the list was cut. An empty query needs no index.
  const found = useMemo(
    () => (searching ? searchMenu(index(), query, MENU_SEARCH_LIMIT + 1) : NOTHING),
    [index, query, searching],
  );
  // The index is built once the opened overlay is painted (it opens at once however large the menu),
  // before the first keystroke needs it.
  useEffect(() => afterPaint(() => index()), [index]);
  const cut = found.length > MENU_SEARCH_LIMIT;
  const results = cut ? found.slice(0, MENU_SEARCH_LIMIT) : found;
  const current = results.length === 0 ? -1 : Math.min(active, results.length - 1);
  // New results paint their first options with the keystroke, and the rest of a long list once that frame
  // is painted, in a transition the next keystroke interrupts: a list of 50 costs a keystroke little more
  // than the options in view (QUALITY P8). The highlighted option is always among those rendered.
  const [complete, setComplete] = useState<readonly MenuSearchResult[] | null>(null);
  useEffect(() => {
    if (found.length <= EAGER_OPTIONS) return;
    return afterPaint(() => startTransition(() => setComplete(found)));
  }, [found]);
  const rendered =
    complete === found ? results.length : Math.min(results.length, Math.max(EAGER_OPTIONS, current + 1));

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!element.open) {
      try {
        element.showModal();
      } catch {
        // Not connected or already open elsewhere: show it without the top layer rather than not at all.
        element.setAttribute('open', '');
      }
    }
    input.current?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, []);

  // The highlighted option stays in view as the arrow keys move through a long list. Only then: scrolling
  // lays the list out at once, which a keystroke that only changes the query need not wait for.
  useLayoutEffect(() => {
    if (!reveal.current || current < 0) return;
    reveal.current = false;
    list.current?.children[current]?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that confirm or move within an input method's candidates are the input method's.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        reveal.current = true;
        setActive((current + step + count) % count);
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const chosen = results[current] ?? results[0];
        if (chosen) onChoose(chosen.item);
        return;
      }
      case 'Escape':
        event.preventDefault();
        onClose();
        return;
    }
  };

  // Esc reaching the dialog itself (the browser's close request), and a close by any other means.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  // The dialog is exactly the panel, so a click on the dialog element itself is a click on the backdrop.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  let status: ReactNode = null;
  let statusClass = 'ops-menu-search__status ops-ui-visually-hidden';
  if (searching && results.length === 0) {
    status = t('empty');
    statusClass = 'ops-menu-search__status ops-menu-search__status--empty';
  } else if (cut) {
    status = t('more', { n: MENU_SEARCH_LIMIT });
    statusClass = 'ops-menu-search__status ops-menu-search__status--more';
  } else if (results.length > 0) {
    status = t('count', { n: results.length });
  }

  const label = t('search');
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes the overlay; Esc (the dialog's cancel, the combobox's keys) is the keyboard way.
    <dialog
      ref={dialog}
      className="ops-menu-search__dialog"
      aria-label={label}
      onCancel={onCancel}
      onClose={onClose}
      onClick={onDialogClick}
    >
      <div className="ops-menu-search__field">
        <Magnifier />
        <input
          ref={input}
          type="text"
          className="ops-menu-search__input"
          role="combobox"
          aria-label={label}
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current >= 0 ? optionId(current) : undefined}
          placeholder={t('placeholder')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          value={query}
          onChange={(event) => {
            // New results start at the top of the list (the browser has just laid out the typed text,
            // so reading the scroll position costs nothing here).
            if (list.current && list.current.scrollTop !== 0) list.current.scrollTop = 0;
            reveal.current = false;
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <span aria-hidden="true">
          <kbd className="ops-menu-search__kbd">Esc</kbd>
        </span>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the WAI-ARIA combobox pattern: the focus stays in the combobox, whose arrow keys and Enter (aria-activedescendant) are the keyboard way to the options. */}
      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-label={t('results')}
        className="ops-menu-search__list"
        hidden={results.length === 0}
        // The focus stays in the combobox; the pointer only moves the highlight, a click opens.
        onMouseDown={(event) => event.preventDefault()}
        onMouseMove={(event) => {
          const at = optionIndexOf(event.target);
          if (at !== null && at !== current) setActive(at);
        }}
        onClick={(event) => {
          const at = optionIndexOf(event.target);
          const chosen = at === null ? undefined : results[at];
          if (chosen) onChoose(chosen.item);
        }}
      >
        {results.slice(0, rendered).map((result, i) => (
          <Option
            // By position: a new query updates the rows in place instead of replacing them.
            key={i}
            id={optionId(i)}
            index={i}
            result={result}
            selected={i === current}
            query={query}
          />
        ))}
      </div>
      <p role="status" className={statusClass}>
        {status}
      </p>
      <div className="ops-menu-search__hints" aria-hidden="true">
        <span>
          <kbd className="ops-menu-search__kbd">↑</kbd>
          <kbd className="ops-menu-search__kbd">↓</kbd> {t('hintMove')}
        </span>
        <span>
          <kbd className="ops-menu-search__kbd">Enter</kbd> {t('hintOpen')}
        </span>
        <span>
          <kbd className="ops-menu-search__kbd">Esc</kbd> {t('hintClose')}
        </span>
      </div>
    </dialog>
  );
}

function Magnifier() {
  return (
    <svg className="ops-menu-search__glyph" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m15.5 15.5 5 5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
