import { holdStylesheet } from '@ops/shared';
import {
  type CSSProperties,
  type JSX,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import { type MenuItem, menuStateForUrl } from '../menus/model';
import type { MenusState } from '../menus/store';
import { useShellText } from '../shared/i18n';
import { markOf } from '../shared/mark';
import { plainClick } from '../shared/plain-click';
import { columnFor, sidebarFooterHeight, topLevelIdOf } from './rules';
import href from './sidebar.css';
import { SIDEBAR_TEXTS } from './texts';

export interface SidebarProps {
  menus: MenusState;
  /** The current path with its query: the active item and the open submenus follow it. */
  url: string;
  collapsed: boolean;
  /**
   * `vertical`: the whole menu as nested submenus; `columns`: the first-level items in a column bar, the
   * chosen one's submenu beside it (spec §2: the sidebar's vertical and column modes).
   */
  mode: 'vertical' | 'columns';
  systemName: string;
  nameOf(item: MenuItem): string;
  /** Opens an item (a route in the console, or a new window for an external link). */
  onOpen(item: MenuItem): void;
  onRetry(): void;
  /** The width while expanded (px) and its change by the drag handle (clamped by the caller). */
  width: number;
  widthBounds: { min: number; max: number };
  onResize(width: number): void;
  /** The footer's entries (spec §2: management system, personal info), in order. */
  footer: readonly FooterEntry[];
  /** Opens a footer entry's route. */
  onNavigate(to: string): void;
  /** The button to the visual system at the bottom (spec §2; its configured name), when the user may switch. */
  visualButton?: { label: string; onClick(): void } | null;
}

export interface FooterEntry {
  readonly key: string;
  readonly label: string;
  readonly to: string;
}

/**
 * The sidebar (spec §2 Shell parts): the logo with the system name, the user's menu (nested submenus, or
 * a column bar with the chosen column's submenu) with the active item following the URL, a tip when the
 * menu is empty, an error with Retry when it could not be loaded, the footer, and a handle that drags its
 * width.
 */
export function Sidebar(props: SidebarProps) {
  const { menus, url, collapsed, nameOf, mode } = props;
  const { t } = useShellText(SIDEBAR_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const { active, open } = menuStateForUrl(menus.model, url);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(open));
  const [chosenColumn, setChosenColumn] = useState<string | null>(null);
  const openKey = open.join(' ');
  // A new URL opens the submenus leading to its item (deep links, back and forward) and shows its
  // column; others stay as the user left them.
  useEffect(() => {
    setChosenColumn(null);
    if (!openKey) return;
    setExpanded((current) => new Set([...current, ...openKey.split(' ')]));
  }, [openKey]);
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const mark = (name: string, icon: string) => (
    <span className={`ops-side-menu__mark ${icon}`} aria-hidden="true">
      {markOf(name, '·')}
    </span>
  );

  const renderItem = (item: MenuItem, depth: number) => {
    const name = nameOf(item);
    const indent = { paddingInlineStart: `calc(var(--ops-space-20) + ${depth} * var(--ops-space-16))` };
    if (item.children.length > 0) {
      const isOpen = expanded.has(item.id) && !collapsed;
      return (
        <li key={item.id} className="ops-side-menu__group">
          <button
            type="button"
            className="ops-menu-entry ops-side-menu__item ops-side-menu__submenu"
            aria-expanded={isOpen}
            title={collapsed ? name : undefined}
            style={collapsed ? undefined : indent}
            onClick={() => toggle(item.id)}
          >
            {mark(name, item.icon)}
            <span className="ops-side-menu__name" title={name}>
              {name}
            </span>
            <span className="ops-caret ops-side-menu__arrow" aria-hidden="true" />
          </button>
          {isOpen && (
            <ul className="ops-side-menu__list">
              {item.children.map((child) => renderItem(child, depth + 1))}
            </ul>
          )}
        </li>
      );
    }
    return (
      <li key={item.id}>
        <MenuLink
          item={item}
          className="ops-menu-entry ops-side-menu__item"
          current={active?.id === item.id}
          title={collapsed ? name : undefined}
          style={collapsed ? undefined : indent}
          onOpen={props.onOpen}
          newWindow={t('newWindow')}
        >
          {mark(name, item.icon)}
          <span className="ops-side-menu__name" title={name}>
            {name}
          </span>
        </MenuLink>
      </li>
    );
  };

  const column = mode === 'columns' ? columnFor(menus.model.items, active, open, chosenColumn) : null;
  const topId = topLevelIdOf(active, open);
  const columnsBar = (
    <ul className="ops-columns-bar">
      {menus.model.items.map((item) => {
        const name = nameOf(item);
        const content = (
          <>
            {mark(name, item.icon)}
            <span className="ops-two-lines ops-columns-bar__name">{name}</span>
          </>
        );
        return (
          <li key={item.id}>
            {item.children.length > 0 ? (
              <button
                type="button"
                className="ops-columns-bar__item"
                aria-pressed={column?.id === item.id}
                data-holds-current={topId === item.id || undefined}
                title={name}
                onClick={() => setChosenColumn(item.id)}
              >
                {content}
              </button>
            ) : (
              <MenuLink
                item={item}
                className="ops-columns-bar__item"
                current={active?.id === item.id}
                title={name}
                onOpen={props.onOpen}
                newWindow={t('newWindow')}
              >
                {content}
              </MenuLink>
            )}
          </li>
        );
      })}
    </ul>
  );

  let body: JSX.Element;
  if (menus.status === 'error') {
    body = (
      <div className="ops-side-menu__state" role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="ops-menu-retry ops-side-menu__retry" onClick={props.onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (menus.status === 'loading' && menus.model.items.length === 0) {
    body = (
      <p className="ops-side-menu__state" role="status">
        {t('loading')}
      </p>
    );
  } else if (menus.model.items.length === 0) {
    body = <p className="ops-side-menu__state">{t('empty')}</p>;
  } else if (mode === 'columns') {
    body = (
      <>
        {columnsBar}
        <div className="ops-columns-panel">
          {column && (
            <ul className="ops-side-menu__list" aria-label={nameOf(column)}>
              {column.children.map((item) => renderItem(item, 0))}
            </ul>
          )}
        </div>
      </>
    );
  } else {
    body = <ul className="ops-side-menu__list">{menus.model.items.map((item) => renderItem(item, 0))}</ul>;
  }

  return (
    <aside className="ops-chrome-side ops-sidebar" data-collapsed={collapsed || undefined} data-mode={mode}>
      <div className="ops-sidebar__logo" title={collapsed ? props.systemName : undefined}>
        <span className="ops-initial" aria-hidden="true">
          {markOf(props.systemName, '·')}
        </span>
        <span className="ops-two-lines ops-sidebar__logo-name">{props.systemName}</span>
      </div>
      <nav className="ops-side-menu" aria-label={t('mainMenu')}>
        {body}
      </nav>
      {props.footer.length > 0 && (
        <div
          className="ops-sidebar__footer"
          style={{ height: `${sidebarFooterHeight(props.footer.length)}px` }}
        >
          <ul className="ops-sidebar__footer-list" aria-label={t('footer')}>
            {props.footer.map((entry) => (
              <li key={entry.key}>
                <a
                  href={entry.to}
                  className="ops-sidebar__footer-item"
                  aria-current={url === entry.to ? 'page' : undefined}
                  title={collapsed ? entry.label : undefined}
                  onClick={(event) => {
                    if (!plainClick(event)) return;
                    event.preventDefault();
                    props.onNavigate(entry.to);
                  }}
                >
                  {mark(entry.label, '')}
                  <span className="ops-side-menu__name">{entry.label}</span>
                </a>
              </li>
            ))}
          </ul>
          {props.visualButton && (
            <button
              type="button"
              className="ops-sidebar__visual"
              title={collapsed ? props.visualButton.label : undefined}
              onClick={props.visualButton.onClick}
            >
              {mark(props.visualButton.label, '')}
              <span className="ops-side-menu__name">{props.visualButton.label}</span>
            </button>
          )}
        </div>
      )}
      {!collapsed && (
        <ResizeHandle
          width={props.width}
          bounds={props.widthBounds}
          onResize={props.onResize}
          label={t('resize')}
        />
      )}
    </aside>
  );
}

/** A menu leaf as a link: to its route (opened by the console) or, for an external item, a new window. */
export function MenuLink({
  item,
  className,
  current,
  title,
  style,
  onOpen,
  newWindow,
  children,
}: {
  item: MenuItem;
  className: string;
  current: boolean;
  title?: string;
  style?: CSSProperties;
  onOpen(item: MenuItem): void;
  /** The hidden note read after an external item's name. */
  newWindow: string;
  children: ReactNode;
}) {
  const target = item.target;
  if (!target) return null;
  const href = target.kind === 'route' ? target.to : target.url;
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? 'page' : undefined}
      title={title}
      style={style}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        onOpen(item);
      }}
      {...(target.kind === 'window' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {target.kind === 'window' && <span className="ops-ui-visually-hidden">{newWindow}</span>}
    </a>
  );
}

/** The drag handle of the sidebar's width; arrows move it by 10 px. */
function ResizeHandle({
  width,
  bounds,
  onResize,
  label,
}: {
  width: number;
  bounds: { min: number; max: number };
  onResize(w: number): void;
  label: string;
}) {
  const drag = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = width;
    const move = (e: globalThis.PointerEvent) => onResize(startWidth + e.clientX - startX);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 10 : event.key === 'ArrowLeft' ? -10 : 0;
    if (!step) return;
    event.preventDefault();
    onResize(width + step);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, draggable window splitter (WAI-ARIA separator).
    <div
      className="ops-sidebar__resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={width}
      aria-valuemin={bounds.min}
      aria-valuemax={bounds.max}
      tabIndex={0}
      onPointerDown={drag}
      onKeyDown={keys}
    />
  );
}
