import { expect } from '@esm-bundle/chai';
import { holdStylesheet, holdStylesheetReady, INLINE_SHEET_ATTRIBUTE, withStylesheets } from './stylesheets';

const sheet = (name: string) => `data:text/css,.${name}{color:red}`;
const linked = (href: string) => document.head.querySelector<HTMLLinkElement>(`link[href="${href}"]`);

function recorded(href: string, events: string[]) {
  return withStylesheets(
    {
      bootstrap: async () => undefined,
      mount: async () => {
        events.push(`mount (sheet applied: ${linked(href)?.sheet != null})`);
      },
      unmount: async () => {
        events.push('unmount');
      },
    },
    [href],
  );
}

describe('withStylesheets', () => {
  it('links the sheets while mounted and removes them after unmount', async () => {
    const href = sheet('ops-probe-a');
    const events: string[] = [];
    const lifecycles = recorded(href, events);
    await lifecycles.mount({});
    expect(linked(href)).to.not.equal(null);
    await lifecycles.unmount({});
    expect(linked(href)).to.equal(null);
  });

  it('keeps the sheets while another mount of the same lifecycles is still mounted', async () => {
    const href = sheet('ops-probe-c');
    const lifecycles = recorded(href, []);
    await lifecycles.mount({ name: 'dialog' });
    await lifecycles.mount({ name: 'page' });
    await lifecycles.unmount({ name: 'dialog' });
    expect(linked(href), 'the page is still mounted').to.not.equal(null);
    await lifecycles.unmount({ name: 'page' });
    expect(linked(href)).to.equal(null);
  });

  it('waits for a new sheet when the host asks, and not for one this page has loaded before', async () => {
    const href = sheet('ops-probe-b');
    const events: string[] = [];
    const lifecycles = recorded(href, events);
    await lifecycles.mount({ awaitStylesheets: true });
    expect(events).to.deep.equal(['mount (sheet applied: true)'], 'the first mount waited for the sheet');
    await lifecycles.unmount({});

    let loadedAt = -1;
    const mounting = lifecycles.mount({ awaitStylesheets: true });
    linked(href)?.addEventListener('load', () => {
      loadedAt = events.length;
    });
    await mounting;
    expect(events.at(-1)).to.match(/^mount/);
    expect(loadedAt, 'mounted before the relinked sheet reported its load').to.equal(-1);
    await lifecycles.unmount({});
  });
});

describe('holdStylesheetReady let go before the sheet loaded', () => {
  it('leaves no timer behind (a removed link reports neither load nor error)', () => {
    // The page's timers as the soak bench counts them: started and not yet run or cleared.
    const pending = new Set<number>();
    const { setTimeout: start, clearTimeout: clear } = window;
    window.setTimeout = ((handler: () => void, ms?: number) => {
      const id = start(() => {
        pending.delete(id);
        handler();
      }, ms);
      pending.add(id);
      return id;
    }) as typeof setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) pending.delete(id);
      clear(id);
    }) as typeof clearTimeout;
    try {
      const href = sheet('ops-probe-d');
      const hold = holdStylesheetReady(href);
      expect(pending.size, 'the 120 s wait for the sheet').to.equal(1);
      hold.release();
      expect(linked(href), 'the link is gone before it loaded').to.equal(null);
      expect(pending.size, 'and so is its timer').to.equal(0);
    } finally {
      window.setTimeout = start;
      window.clearTimeout = clear;
    }
  });
});

describe("holdStylesheet with the page's inline copy", () => {
  const path = '/first-screen-probe/public.Ab12.css';
  let copy: HTMLStyleElement;
  let probe: HTMLElement;
  const colour = () => getComputedStyle(probe).color;
  const links = () =>
    document.head.querySelectorAll('link[rel=stylesheet][href*="first-screen-probe"]').length;

  beforeEach(() => {
    // As index.html carries it (scripts/postbuild.mjs): inert, under the URL the sheet was built at.
    copy = document.createElement('style');
    copy.setAttribute(INLINE_SHEET_ATTRIBUTE, path);
    copy.media = 'not all';
    copy.textContent = '.ops-inline-probe{color:rgb(1, 2, 3)}';
    document.head.append(copy);
    probe = document.createElement('p');
    probe.className = 'ops-inline-probe';
    document.body.append(probe);
  });
  afterEach(() => {
    copy.remove();
    probe.remove();
  });

  it('applies the copy while held, with no request, and makes it inert again after the last release', async () => {
    expect(colour(), 'inert before anyone holds it').to.not.equal('rgb(1, 2, 3)');
    const first = holdStylesheetReady(new URL(path, location.href).href);
    await first.ready;
    expect(colour()).to.equal('rgb(1, 2, 3)');
    const second = holdStylesheet(path);
    expect(links(), 'no link, so no request').to.equal(0);

    first.release();
    expect(colour(), 'still held once').to.equal('rgb(1, 2, 3)');
    second();
    expect(colour(), 'inert after the last release').to.not.equal('rgb(1, 2, 3)');
    expect(copy.isConnected, 'kept for a later hold').to.equal(true);

    const again = holdStylesheetReady(path);
    await again.ready;
    expect(colour()).to.equal('rgb(1, 2, 3)');
    expect(links()).to.equal(0);
    again.release();
  });

  it('leaves the copy inert when the sheet is asked for at another URL (deployed on its own)', async () => {
    const deployed = `data:text/css,.ops-inline-probe{color:rgb(4, 5, 6)}`;
    const hold = holdStylesheetReady(deployed);
    await hold.ready;
    expect(colour(), 'the deployed sheet, not the old copy').to.equal('rgb(4, 5, 6)');
    expect(copy.media).to.equal('not all');
    expect(linked(deployed)).to.not.equal(null);
    hold.release();
    expect(linked(deployed)).to.equal(null);
  });
});
