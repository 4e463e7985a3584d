import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  window.addEventListener('single-spa:routing-event', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('single-spa:routing-event', onChange);
    window.removeEventListener('popstate', onChange);
  };
};

/** The current path, updated after every single-spa routing event. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => location.pathname);
}
