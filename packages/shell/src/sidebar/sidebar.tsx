import { holdStylesheet } from '@ops/shared';
import {
  type JSX,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';
import { useShellText } from '../shared/i18n';
import { markOf } from '../shared/mark';
import { type MenuItem, menuStateForUrl } from '../shared/menus/model';
import type { MenusState } from '../shared/menus/store';
import href from './sidebar.css';
import { SIDEBAR_TEXTS } from './texts';

export interface SidebarProps {
  menus: MenusState;
  /** The current path with its query: the active item and the open submenus follow it. */
  url: string;
  collapsed: boolean;
  systemName: string;
  nameOf(item: MenuItem): string;
  /** Opens an item (a route in the console, or a new window for an external link). */
  onOpen(item: MenuItem): void;
  onRetry(): void;
  /** The width while expanded (px) and its change by the drag handle (clamped by the caller). */
  width: number;
  widthBounds: { min: number; max: number };
  onResize(width: number): void;
}

/**
 * The sidebar (spec §2 Shell parts): the logo with the system name, the user's menu as nested submenus
 * with the active item following the URL, a tip when the menu is empty, an error with Retry when it
 * could not be loaded, and a handle that drags its width.
 */
export function Sidebar(props: SidebarProps) {
  const { menus, url, collapsed, nameOf } = props;
  const { t } = useShellText(SIDEBAR_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const { active, open } = menuStateForUrl(menus.model, url);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(open));
  const openKey = open.join(' ');
  // A new URL opens the submenus leading to its item (deep links, back and forward); others stay as the
  // user left them.
  useEffect(() => {
    if (!openKey) return;
    setExpanded((current) => new Set([...current, ...openKey.split(' ')]));
  }, [openKey]);
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const renderItem = (item: MenuItem, depth: number) => {
    const name = nameOf(item);
    const mark = (
      <span className={`ops-side-menu__mark ${item.icon}`} aria-hidden="true">
        {markOf(name, '·')}
      </span>
    );
    const indent = { paddingInlineStart: `calc(var(--ops-space-20) + ${depth} * var(--ops-space-16))` };
    if (item.children.length > 0) {
      const isOpen = expanded.has(item.id) && !collapsed;
      return (
        <li key={item.id} className="ops-side-menu__group">
          <button
            type="button"
            className="ops-side-menu__item ops-side-menu__submenu"
            aria-expanded={isOpen}
            title={collapsed ? name : undefined}
            style={collapsed ? undefined : indent}
            onClick={() => toggle(item.id)}
          >
            {mark}
            <span className="ops-side-menu__name" title={name}>
              {name}
            </span>
            <span className="ops-side-menu__arrow" aria-hidden="true" />
          </button>
          {isOpen && (
            <ul className="ops-side-menu__list">
              {item.children.map((child) => renderItem(child, depth + 1))}
            </ul>
          )}
        </li>
      );
    }
    const target = item.target;
    if (!target) return null;
    const href = target.kind === 'route' ? target.to : target.url;
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      // A modified click keeps the browser's own behaviour (a new tab of a route).
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      props.onOpen(item);
    };
    return (
      <li key={item.id}>
        <a
          href={href}
          className="ops-side-menu__item"
          aria-current={active?.id === item.id ? 'page' : undefined}
          title={collapsed ? name : undefined}
          style={collapsed ? undefined : indent}
          onClick={follow}
          {...(target.kind === 'window' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {mark}
          <span className="ops-side-menu__name" title={name}>
            {name}
          </span>
          {target.kind === 'window' && <span className="ops-visually-hidden">{t('newWindow')}</span>}
        </a>
      </li>
    );
  };

  let body: JSX.Element;
  if (menus.status === 'error') {
    body = (
      <div className="ops-side-menu__state" role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="ops-side-menu__retry" onClick={props.onRetry}>
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
  } else {
    body = <ul className="ops-side-menu__list">{menus.model.items.map((item) => renderItem(item, 0))}</ul>;
  }

  return (
    <aside className="ops-sidebar" data-collapsed={collapsed || undefined}>
      <div className="ops-sidebar__logo" title={collapsed ? props.systemName : undefined}>
        <span className="ops-sidebar__logo-mark" aria-hidden="true">
          {markOf(props.systemName, '·')}
        </span>
        <span className="ops-sidebar__logo-name">{props.systemName}</span>
      </div>
      <nav className="ops-side-menu" aria-label={t('mainMenu')}>
        {body}
      </nav>
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
