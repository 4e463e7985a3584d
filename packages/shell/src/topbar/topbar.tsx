import { holdStylesheet } from '@ops/shared';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { TopMenuItem } from '../menus/model';
import { useShellText } from '../shared/i18n';
import { markOf } from '../shared/mark';
import { useFullscreen } from './fullscreen';
import { TOPBAR_TEXTS } from './texts';
import href from './topbar.css';
import { UserMenu, type UserMenuAction } from './user-menu';

export interface TopBarProps {
  /** The collapse button, for layouts with a sidebar (null: none). */
  collapsed: boolean | null;
  onToggleCollapse(): void;
  /** The top-menu strip (`menu/top-menu`); hidden when the layout turns it off. */
  tops: readonly TopMenuItem[] | null;
  topId: string | null;
  onSelectTop(id: string | null): void;
  /** The strip's width in px (DECISIONS 18) and the wheel's scrolling rule (spec §9: 60 px a step). */
  topMenuWidth: number;
  wheelScroll(scrollLeft: number, deltaY: number, max: number): number;
  userName: string;
  userItems: readonly UserMenuAction[];
  onUserAction(action: UserMenuAction): void;
  /** The tools before fullscreen and the user menu: menu search, the parcels' slots. */
  tools: ReactNode;
  /** The logo's system name, for a layout whose sidebar does not carry it (transverse). */
  logo?: string;
  /** The horizontal menu (transverse layout), after the logo. */
  menu?: ReactNode;
}

/**
 * The top bar (spec §2 Shell parts): collapse, the top-menu tab strip with Home first, then the tools,
 * the fullscreen toggle that follows the browser, and the user dropdown.
 */
export function TopBar(props: TopBarProps) {
  const { t } = useShellText(TOPBAR_TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const strip = useRef<HTMLDivElement>(null);

  // A vertical wheel scrolls the strip sideways, one step per notch; a listener that may prevent the
  // page's own scrolling must not be passive.
  useLayoutEffect(() => {
    const element = strip.current;
    if (!element) return;
    const wheel = (event: WheelEvent) => {
      const max = element.scrollWidth - element.clientWidth;
      if (max <= 0 || event.deltaY === 0) return;
      event.preventDefault();
      element.scrollLeft = props.wheelScroll(element.scrollLeft, event.deltaY, max);
    };
    element.addEventListener('wheel', wheel, { passive: false });
    return () => element.removeEventListener('wheel', wheel);
  }, [props.wheelScroll]);

  const tabs = props.tops && [
    { id: null, name: t('home') },
    ...props.tops.map((top) => ({ id: top.id, name: top.name })),
  ];
  return (
    <header className="ops-chrome-top ops-topbar">
      {props.logo !== undefined && (
        <div className="ops-topbar__logo">
          <span className="ops-initial" aria-hidden="true">
            {markOf(props.logo, '·')}
          </span>
          <span className="ops-topbar__logo-name">{props.logo}</span>
        </div>
      )}
      {props.collapsed !== null && (
        <button
          type="button"
          className="ops-chrome-top__icon-button ops-topbar__collapse"
          aria-label={props.collapsed ? t('expand') : t('collapse')}
          aria-expanded={!props.collapsed}
          onClick={props.onToggleCollapse}
        >
          <span className="ops-topbar__hamburger" aria-hidden="true" />
        </button>
      )}
      {props.menu}
      {tabs && (
        <div
          ref={strip}
          className="ops-top-menu"
          role="tablist"
          aria-label={t('topMenus')}
          style={{ maxWidth: `${props.topMenuWidth}px` }}
        >
          {tabs.map((tab) => (
            <button
              key={tab.id ?? 'home'}
              type="button"
              role="tab"
              aria-selected={props.topId === tab.id}
              className="ops-top-menu__tab"
              onClick={() => props.onSelectTop(tab.id)}
            >
              {tab.name}
            </button>
          ))}
        </div>
      )}
      <div className="ops-topbar__tools">
        {props.tools}
        <FullscreenButton />
        <UserMenu name={props.userName} items={props.userItems} onAction={props.onUserAction} />
      </div>
    </header>
  );
}

/** The fullscreen toggle (spec §4: follows the browser's own fullscreen events), for both top bars. */
export function FullscreenButton() {
  const { t } = useShellText(TOPBAR_TEXTS);
  // Its styles are the top bar's, also where it stands without the top bar (the visual system's).
  useLayoutEffect(() => holdStylesheet(href), []);
  const [fullscreen, toggleFullscreen] = useFullscreen();
  return (
    <button
      type="button"
      className="ops-chrome-top__icon-button"
      aria-label={t('fullscreen')}
      aria-pressed={fullscreen}
      title={t('fullscreen')}
      onClick={() => void toggleFullscreen()}
    >
      <span className={`ops-topbar__fullscreen${fullscreen ? ' is-on' : ''}`} aria-hidden="true" />
    </button>
  );
}
