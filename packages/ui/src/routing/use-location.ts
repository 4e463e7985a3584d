import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Read at once, and again after the current task: a cancelled navigation is restored and redirected
  // within one task, and only the URL after that is the one to render.
  const changed = () => {
    onChange();
    clearTimeout(timer);
    timer = setTimeout(onChange);
  };
  window.addEventListener('single-spa:routing-event', changed);
  window.addEventListener('popstate', changed);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('single-spa:routing-event', changed);
    window.removeEventListener('popstate', changed);
  };
};

const snapshot = () => `${location.pathname}${location.search}`;

/**
 * The current path and query, updated after every single-spa routing event: the chrome and every sub-app
 * follow the URL with it (a sub-app routes its own pages under `/{code}` by reading it).
 */
export function useLocation(): { pathname: string; search: string } {
  const value = useSyncExternalStore(subscribe, snapshot, snapshot);
  const index = value.indexOf('?');
  return index < 0
    ? { pathname: value, search: '' }
    : { pathname: value.slice(0, index), search: value.slice(index) };
}
