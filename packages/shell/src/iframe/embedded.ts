import { useLayoutEffect } from 'react';
import { QUERY_FLAG, queryFlagOn } from '../shared/query-flags';

/**
 * Spec §2 `isIframeApp`: a page of the console shown inside another page's frame (the 智能助手 item, a
 * portal of the same site) is the app alone: no sidebar, top bar, tags or robot around it. Only when the
 * console really is framed: opened at the top (from the menu, a bookmark) the flag changes nothing, so an
 * operator never loses the chrome. The server lets only its own origin frame the console
 * (`frame-ancestors 'self'`).
 */
export function embeddedApp(search: string, framed: boolean): boolean {
  return framed && queryFlagOn(search, QUERY_FLAG.iframeApp);
}

/** Whether this window is inside a frame; a frame of another origin that hides its top counts too. */
export function isFramed(win: { readonly self: unknown; readonly top: unknown } = window): boolean {
  try {
    return win.self !== win.top;
  } catch {
    return true;
  }
}

/** The embedded mode of the page, marked on the frame (`data-embedded`, frame.css) while it lasts. */
export function useEmbeddedApp(search: string): boolean {
  const embedded = embeddedApp(search, isFramed());
  useLayoutEffect(() => {
    const frame = document.querySelector<HTMLElement>('.ops-frame');
    if (!frame || !embedded) return;
    frame.dataset.embedded = 'true';
    return () => {
      delete frame.dataset.embedded;
    };
  }, [embedded]);
  return embedded;
}
