import type { MouseEvent } from 'react';

/** The page frame's main view (root-config/index.html), where the shell's pages and sub-apps mount. */
const MAIN_VIEW = 'ops-main-view';

/**
 * The signed-in page's first keyboard stop (WCAG 2.4.1): past the menus and the top bar to the main view,
 * which takes the focus (not the address: a hash would be a route change to the router). Hidden until
 * focused.
 */
export function SkipLink({ label }: { label: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_VIEW);
    if (!main) return;
    // Focusable by script only: the main view is no Tab stop of its own.
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  };
  return (
    <a className="ops-skip-link" href={`#${MAIN_VIEW}`} onClick={skip}>
      {label}
    </a>
  );
}
