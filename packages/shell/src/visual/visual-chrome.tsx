import { holdStylesheet } from '@ops/shared';
import { type ReactNode, useLayoutEffect } from 'react';
import { type MenuItem, menuStateForUrl } from '../menus/model';
import type { MenusState } from '../menus/store';
import { defineShellTexts, useShellText } from '../shared/i18n';
import { markOf } from '../shared/mark';
import { breadcrumbOf, visualSections } from './rules';
import href from './visual.css';

const TEXTS = defineShellTexts(
  'shell-visual',
  {
    mainMenu: '主菜单',
    breadcrumb: '当前位置',
    collapse: '收起菜单',
    expand: '展开菜单',
    loading: '正在加载菜单…',
    empty: '暂无可视化菜单',
    failed: '菜单加载失败',
    retry: '重试',
  },
  {
    mainMenu: 'Main menu',
    breadcrumb: 'You are here',
    collapse: 'Collapse the menu',
    expand: 'Expand the menu',
    loading: 'Loading the menu…',
    empty: 'No visual menu yet',
    failed: 'The menu could not be loaded',
    retry: 'Retry',
  },
);

export interface VisualChromeProps {
  menus: MenusState;
  url: string;
  nameOf(item: MenuItem): string;
  onOpen(item: MenuItem): void;
  onRetry(): void;
  /** The visual system's name: the breadcrumb's first step. */
  systemName: string;
  collapsed: boolean;
  onToggleCollapse(): void;
  /** The button back to the management system (its configured name). */
  manageName: string;
  onManage(): void;
  /** The notices slot, the fullscreen toggle and the user menu, in that order. */
  tools: ReactNode;
}

/**
 * The visual (big-screen) system's chrome (spec §2): a top bar with the collapse arrow, the breadcrumb of
 * the current page, the notices, the button back to the management system, fullscreen and the user's
 * menu; and a 142 px left bar with the visual menu (its sections as headings over their pages). No tags.
 */
export function VisualChrome(props: VisualChromeProps) {
  const { menus, url, nameOf, collapsed } = props;
  const { t } = useShellText(TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const { active, open } = menuStateForUrl(menus.model, url);
  const crumbs = breadcrumbOf(menus.model, active, open).map(nameOf);

  let body: ReactNode;
  if (menus.status === 'error') {
    body = (
      <div className="ops-visual-bar__state" role="alert">
        <p>{t('failed')}</p>
        <button type="button" className="ops-menu-retry ops-visual-bar__retry" onClick={props.onRetry}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (menus.status === 'loading' && menus.model.items.length === 0) {
    body = (
      <p className="ops-visual-bar__state" role="status">
        {t('loading')}
      </p>
    );
  } else if (menus.model.items.length === 0) {
    body = <p className="ops-visual-bar__state">{t('empty')}</p>;
  } else {
    body = visualSections(menus.model.items).map((section) => (
      <div key={section.id} className="ops-visual-bar__section">
        {section.heading && <p className="ops-visual-bar__heading">{nameOf(section.heading)}</p>}
        <ul className="ops-visual-bar__list">
          {section.pages.map((page) => {
            const name = nameOf(page);
            const target = page.target;
            if (!target) return null;
            const link = target.kind === 'route' ? target.to : target.url;
            return (
              <li key={page.id}>
                <a
                  href={link}
                  className="ops-menu-entry ops-visual-bar__item"
                  aria-current={active?.id === page.id ? 'page' : undefined}
                  title={name}
                  onClick={(event) => {
                    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
                    event.preventDefault();
                    props.onOpen(page);
                  }}
                  {...(target.kind === 'window' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  <span className={`ops-visual-bar__mark ${page.icon}`} aria-hidden="true">
                    {markOf(name, '·')}
                  </span>
                  <span className="ops-two-lines ops-visual-bar__name">{name}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </div>
    ));
  }

  return (
    <>
      {!collapsed && (
        <aside className="ops-chrome-side ops-visual-bar">
          <nav className="ops-visual-bar__nav" aria-label={t('mainMenu')}>
            {body}
          </nav>
        </aside>
      )}
      <header className="ops-chrome-top ops-visual-top">
        <button
          type="button"
          className="ops-chrome-top__icon-button ops-visual-top__collapse"
          aria-label={collapsed ? t('expand') : t('collapse')}
          aria-expanded={!collapsed}
          onClick={props.onToggleCollapse}
        >
          <span className="ops-visual-top__arrow" aria-hidden="true" />
        </button>
        <nav className="ops-visual-top__crumbs" aria-label={t('breadcrumb')}>
          <ol>
            <li>{props.systemName}</li>
            {crumbs.map((crumb, index) => (
              <li key={`${index}-${crumb}`} aria-current={index === crumbs.length - 1 ? 'page' : undefined}>
                {crumb}
              </li>
            ))}
          </ol>
        </nav>
        <div className="ops-visual-top__tools">
          <button type="button" className="ops-visual-top__manage" onClick={props.onManage}>
            {props.manageName}
          </button>
          {props.tools}
        </div>
      </header>
    </>
  );
}
