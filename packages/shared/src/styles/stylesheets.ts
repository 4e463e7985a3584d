import type { Lifecycles } from '../host/lifecycles';

const users = new Map<string, { link: HTMLLinkElement; count: number }>();

/** Adds a stylesheet link while at least one user holds it; the returned function releases it. */
export function holdStylesheet(href: string): () => void {
  let entry = users.get(href);
  if (!entry) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
    entry = { link, count: 0 };
    users.set(href, entry);
  }
  entry.count += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const current = users.get(href);
    if (!current) return;
    current.count -= 1;
    if (current.count === 0) {
      current.link.remove();
      users.delete(href);
    }
  };
}

/** A package's lifecycles that hold its stylesheets from mount until unmount has finished. */
export function withStylesheets<P>(lifecycles: Lifecycles<P>, hrefs: string[]): Lifecycles<P> {
  let release: (() => void)[] = [];
  return {
    ...lifecycles,
    async mount(props) {
      if (release.length === 0) release = hrefs.map(holdStylesheet);
      try {
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
