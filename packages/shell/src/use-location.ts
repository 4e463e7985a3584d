import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('single-spa:routing-event', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('single-spa:routing-event', onChange);
    window.removeEventListener('popstate', onChange);
  };
};

const snapshot = () => `${location.pathname}${location.search}`;

/** The current path and query, updated after every single-spa routing event. */
export function useLocation(): { pathname: string; search: string } {
  const value = useSyncExternalStore(subscribe, snapshot);
  const index = value.indexOf('?');
  return index < 0
    ? { pathname: value, search: '' }
    : { pathname: value.slice(0, index), search: value.slice(index) };
}
