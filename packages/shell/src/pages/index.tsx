import { matchRoute, PATHS } from '@ops/shared';
import { createPortal } from 'react-dom';
import { HomePage } from './home-page';

/**
 * The shell's own pages of the chrome (`chrome` routes of the route table), rendered into the page
 * frame's main view, where sub-apps mount too. A chrome route the shell does not implement yet renders
 * nothing here.
 */
export function ShellPage({ path }: { path: string }) {
  const target = document.getElementById('ops-main-view');
  const match = matchRoute(path);
  if (!target || match?.route.kind !== 'chrome') return null;
  switch (match.route.pattern) {
    case PATHS.index:
      return createPortal(<HomePage />, target);
    default:
      return null;
  }
}
