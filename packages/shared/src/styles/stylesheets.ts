import type { Lifecycles } from '../host/lifecycles';

/**
 * A held sheet: its element (a link, or the page's inline copy), its holders, when it has loaded, and how
 * to stop waiting for it.
 */
type Held = {
  link: HTMLLinkElement | HTMLStyleElement;
  count: number;
  ready: Promise<void>;
  abandon: () => void;
};

const users = new Map<string, Held>();

/** Spec §9: a stylesheet chunk is given 120 s, like a script chunk. */
export const STYLESHEET_TIMEOUT = 120_000;

/** A stylesheet that could not be loaded (spec §8 Chunk load). */
export class CssChunkLoadError extends Error {
  override readonly name = 'CSS_CHUNK_LOAD_FAILED';
  constructor(
    readonly href: string,
    reason: 'missing' | 'timeout',
  ) {
    super(`Loading CSS chunk ${href} failed (${reason})`);
  }
}

/** Sheets this page has loaded once: the browser keeps them, and linking one again applies it at once. */
const loadedBefore = new Set<string>();

/**
 * When the link has loaded; `abandon` stops waiting (its 120 s timer cleared) for a link let go before it
 * loaded: a link taken out of the page reports neither load nor error, and the timer would otherwise live
 * on for two minutes, holding the link, and end in a timeout nobody waits for any more (issue 30: a wall
 * screen that switches pages faster than a sheet arrives).
 */
function readyOf(link: HTMLLinkElement, href: string): { ready: Promise<void>; abandon: () => void } {
  let abandon: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CssChunkLoadError(href, 'timeout')), STYLESHEET_TIMEOUT);
    abandon = () => clearTimeout(timer);
    link.addEventListener('load', () => {
      clearTimeout(timer);
      loadedBefore.add(href);
      resolve();
    });
    link.addEventListener('error', () => {
      clearTimeout(timer);
      reject(new CssChunkLoadError(href, 'missing'));
    });
  });
  return { ready, abandon };
}

/**
 * The attribute of a stylesheet the page carries inline, under the URL it was built at:
 * `<style data-ops-sheet="/shell/public.<hash>.css" media="not all">` (index.html carries the login page's
 * own, so its first render fetches none; scripts/postbuild.mjs). Such a copy applies nothing until a holder
 * asks for that very URL, and again nothing once the last holder has let go. A bundle deployed at a new URL
 * is linked as usual and the old copy stays inert.
 */
export const INLINE_SHEET_ATTRIBUTE = 'data-ops-sheet';
const INERT = 'not all';

/** A sheet's key: its absolute URL, so a path and the URL it resolves to are one sheet. */
const absolute = (href: string) => new URL(href, document.baseURI).href;

function inlineCopyOf(url: string): HTMLStyleElement | null {
  for (const style of document.head.querySelectorAll<HTMLStyleElement>(`style[${INLINE_SHEET_ATTRIBUTE}]`)) {
    if (absolute(style.getAttribute(INLINE_SHEET_ATTRIBUTE) ?? '') === url) return style;
  }
  return null;
}

/** The held element for `href` (absolute): the page's inline copy, applied, or a new link. */
function holdOf(href: string): Held {
  const inline = inlineCopyOf(href);
  if (inline) {
    inline.media = '';
    inline.dataset.opsHeld = '';
    loadedBefore.add(href);
    return { link: inline, count: 0, ready: Promise.resolve(), abandon: () => undefined };
  }
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  // The console's own, counted by its holders: a sub-app's sandbox leaves it to them.
  link.dataset.opsHeld = '';
  const { ready, abandon } = readyOf(link, href);
  document.head.append(link);
  const created: Held = { link, count: 0, ready, abandon };
  ready.catch(() => {
    if (users.get(href) === created) {
      users.delete(href);
      link.remove();
    }
  });
  return created;
}

/** Lets go of a sheet no one holds: a link is removed, an inline copy made inert again (for a later hold). */
function drop(element: HTMLLinkElement | HTMLStyleElement): void {
  if (element instanceof HTMLStyleElement) element.media = INERT;
  else element.remove();
}

/** Adds a stylesheet link while at least one user holds it; the returned function releases it. */
export function holdStylesheet(href: string): () => void {
  return holdStylesheetReady(href).release;
}

/**
 * Like `holdStylesheet`, with a promise that settles when the sheet has loaded (or failed: a missing
 * sheet rejects with CSS_CHUNK_LOAD_FAILED, and a later hold of the same URL tries again). A sheet let
 * go by its last holder before it loaded is no longer waited for: its promise stays pending.
 */
export function holdStylesheetReady(path: string): { release: () => void; ready: Promise<void> } {
  const href = absolute(path);
  let entry = users.get(href);
  if (!entry) {
    entry = holdOf(href);
    users.set(href, entry);
  }
  entry.count += 1;
  const held = entry;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    if (users.get(href) !== held) return;
    held.count -= 1;
    if (held.count === 0) {
      held.abandon();
      drop(held.link);
      users.delete(href);
    }
  };
  return { release, ready: held.ready };
}

/**
 * A package's lifecycles that hold its stylesheets from mount until unmount has finished. When the host
 * asks for it (`awaitStylesheets` in the props, as the sub-app host does) mount first waits for the
 * sheets, so a page never shows unstyled and a missing sheet is a CSS_CHUNK_LOAD_FAILED error panel.
 */
export function withStylesheets<P>(lifecycles: Lifecycles<P>, hrefs: string[]): Lifecycles<P> {
  let release: (() => void)[] = [];
  // The same lifecycles may be mounted twice at once (the assistant as the robot's dialog and as a page):
  // the sheets stay until the last of them has unmounted.
  let mounts = 0;
  const leave = () => {
    mounts -= 1;
    if (mounts === 0) for (const done of release.splice(0)) done();
  };
  return {
    ...lifecycles,
    async mount(props) {
      let ready: Promise<void>[] = [];
      if (release.length === 0) {
        // A sheet loaded before in this page (a sub-app mounted again) is not waited for: the browser
        // applies it from memory before the next paint, and the wait would only delay the switch (P4).
        const fresh = hrefs.filter((href) => !loadedBefore.has(absolute(href)));
        const holds = hrefs.map(holdStylesheetReady);
        release = holds.map((hold) => hold.release);
        ready = holds
          .filter((_hold, index) => fresh.includes(hrefs[index] as string))
          .map((hold) => hold.ready);
      }
      mounts += 1;
      try {
        if ((props as { awaitStylesheets?: boolean }).awaitStylesheets) await Promise.all(ready);
        else for (const sheet of ready) sheet.catch(() => undefined);
        await lifecycles.mount(props);
      } catch (error) {
        leave();
        throw error;
      }
    },
    async unmount(props) {
      try {
        await lifecycles.unmount(props);
      } finally {
        leave();
      }
    },
  };
}
