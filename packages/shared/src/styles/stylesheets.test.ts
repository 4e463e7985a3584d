import { expect } from '@esm-bundle/chai';
import { withStylesheets } from './stylesheets';

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
