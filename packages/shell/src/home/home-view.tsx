import { holdStylesheet } from '@ops/shared';
import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { defineShellTexts, useShellText } from '../shared/i18n';
import href from './home.css';
import { type HomeToggle, type HomeView, homeFrame } from './rules';

const TEXTS = defineShellTexts(
  'shell-home',
  {
    view: '首页视图',
    'web-full-screen': '铺满窗口',
    'hide-chrome': '隐藏框架',
    'user-toolbar': '精简视图',
    exit: '退出',
  },
  {
    view: 'Home view',
    'web-full-screen': 'Fill the window',
    'hide-chrome': 'Hide the frame',
    'user-toolbar': 'Compact view',
    exit: 'Exit',
  },
);

/**
 * The home view's full-screen buttons (spec §2: 1 web full screen, 2 hide the chrome, 3 the user-info
 * toolbar variant), over the top right of the main view while the home page shows. Each is a toggle
 * button (`aria-pressed`); pressing the one that is on, or Esc, turns it off. The page frame follows
 * through `data-home-view` (home.css); `toolbar` is the user-info toolbar shown with toggle 3.
 */
export function HomeViewToggles({
  view,
  on,
  onChange,
  toolbar,
}: {
  view: HomeView;
  on: HomeToggle | null;
  onChange(next: HomeToggle | null): void;
  toolbar: ReactNode;
}) {
  const { t } = useShellText(TEXTS);
  useLayoutEffect(() => holdStylesheet(href), []);
  const frame = homeFrame(view, on);
  const active = frame.fillWindow || frame.hideChrome;

  useLayoutEffect(() => {
    const element = document.querySelector<HTMLElement>('.ops-frame');
    if (!element) return;
    const mode = frame.fillWindow ? 'fill' : frame.userToolbar ? 'toolbar' : frame.hideChrome ? 'hide' : '';
    if (mode) element.dataset.homeView = mode;
    else delete element.dataset.homeView;
    return () => {
      delete element.dataset.homeView;
    };
  }, [frame.fillWindow, frame.hideChrome, frame.userToolbar]);

  useEffect(() => {
    if (!active) return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onChange(null);
    };
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  }, [active, onChange]);

  if (view.toggles.length === 0) return null;
  return (
    <div className="ops-home-view" role="toolbar" aria-label={t('view')}>
      {frame.userToolbar && toolbar}
      {view.toggles.map((toggle) => (
        <button
          key={toggle}
          type="button"
          className="ops-home-view__toggle"
          aria-pressed={on === toggle}
          onClick={() => onChange(on === toggle ? null : toggle)}
        >
          <span className={`ops-home-view__mark ops-home-view__mark--${toggle}`} aria-hidden="true" />
          {t(toggle)}
        </button>
      ))}
    </div>
  );
}
