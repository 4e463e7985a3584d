import type { Lifecycles } from '../host/lifecycles';

const users = new Map<string, { link: HTMLLinkElement; count: number; ready: Promise<void> }>();

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

function readyOf(link: HTMLLinkElement, href: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new CssChunkLoadError(href, 'timeout')), STYLESHEET_TIMEOUT);
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
}

/** Adds a stylesheet link while at least one user holds it; the returned function releases it. */
export function holdStylesheet(href: string): () => void {
  return holdStylesheetReady(href).release;
}

/**
 * Like `holdStylesheet`, with a promise that settles when the sheet has loaded (or failed: a missing
 * sheet rejects with CSS_CHUNK_LOAD_FAILED, and a later hold of the same URL tries again).
 */
export function holdStylesheetReady(href: string): { release: () => void; ready: Promise<void> } {
  let entry = users.get(href);
  if (!entry) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    // The console's own, counted by its holders: a sub-app's sandbox leaves it to them.
    link.dataset.opsHeld = '';
    const ready = readyOf(link, href);
    document.head.append(link);
    const created = { link, count: 0, ready };
    ready.catch(() => {
      if (users.get(href) === created) {
        users.delete(href);
        link.remove();
      }
    });
    entry = created;
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
      held.link.remove();
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
  return {
    ...lifecycles,
    async mount(props) {
      let ready: Promise<void>[] = [];
      if (release.length === 0) {
        // A sheet loaded before in this page (a sub-app mounted again) is not waited for: the browser
        // applies it from memory before the next paint, and the wait would only delay the switch (P4).
        const fresh = hrefs.filter((href) => !loadedBefore.has(href));
        const holds = hrefs.map(holdStylesheetReady);
        release = holds.map((hold) => hold.release);
        ready = holds
          .filter((_hold, index) => fresh.includes(hrefs[index] as string))
          .map((hold) => hold.ready);
      }
      try {
        if ((props as { awaitStylesheets?: boolean }).awaitStylesheets) await Promise.all(ready);
        else for (const sheet of ready) sheet.catch(() => undefined);
        await lifecycles.mount(props);
      } catch (error) {
        for (const done of release.splice(0)) done();
        throw error;
      }
    },
    async unmount(props) {
      try {
        await lifecycles.unmount(props);
      } finally {
        for (const done of release.splice(0)) done();
      }
    },
  };
}
