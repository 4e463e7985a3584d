import { expect } from '@esm-bundle/chai';
import {
  createBus,
  type ErrorLogEntry,
  type HostProps,
  hostLifecycles,
  languageStorageKey,
  mergeServerTexts,
  registerTexts,
  setLanguage,
} from '@ops/shared';
import { waitFor, within } from '@testing-library/dom';
import { memo, type ReactNode } from 'react';
import { testHostServices, testRuntime } from '../../../../test/support/runtime';
import { inAct } from '../../test-support';
import { useTexts } from '../i18n/use-texts';
import { PRERENDER_ATTRIBUTE, reactLifecycles } from './react-lifecycles';

/** Mounts lifecycles the way the host runs a parcel; answers its element and the unmount. */
async function mountHosted(lifecycles: ReturnType<typeof reactLifecycles<HostProps>>, bus = createBus()) {
  const container = document.createElement('div');
  document.body.append(container);
  const hosted = hostLifecycles<{ name: string; domElement: HTMLElement }>(
    lifecycles,
    testHostServices(testRuntime({ bus })),
  );
  const props = { name: 'probe', domElement: container };
  await hosted.bootstrap(props);
  // Not inside act: single-spa-react's mount waits for React's commit, which act would hold back.
  await hosted.mount(props);
  return {
    container,
    async unmount() {
      await hosted.unmount(props);
      container.remove();
    },
  };
}

function Broken(): ReactNode {
  throw new Error('station list exploded');
}

describe('reactLifecycles', () => {
  afterEach(async () => {
    await inAct(() => setLanguage('zh'));
    localStorage.removeItem(languageStorageKey());
  });

  it('keeps a crash inside the package and publishes an error-log entry on the bus', async () => {
    const bus = createBus();
    const entries: ErrorLogEntry[] = [];
    const sub = bus.on('error-log:entry').subscribe((entry) => entries.push(entry));
    const hosted = await mountHosted(reactLifecycles({ rootComponent: Broken, label: '通知' }), bus);
    const panel = await within(hosted.container).findByRole('alert');
    expect(panel.textContent).to.contain('通知 运行出错');
    expect(entries).to.have.length(1);
    expect(entries[0]).to.include({ type: 'boundary', message: 'station list exploded', url: location.href });
    expect(entries[0].stack).to.contain('station list exploded');
    expect(entries[0].info).to.contain('Broken');
    await hosted.unmount();
    sub.unsubscribe();
  });

  it("gives the package the console's texts (useTexts), following switches and later texts", async () => {
    registerTexts('probe', { zh: { greeting: '你好' }, en: { greeting: 'Hello' } });
    // A memoised part re-renders on its own: it does not rely on its parent re-rendering.
    const Late = memo(function Late() {
      const { t } = useTexts('probe');
      return <p>{t('probeLate')}</p>;
    });
    function Probe() {
      const { t } = useTexts('probe');
      return (
        <section aria-label={t('greeting')}>
          <Late />
        </section>
      );
    }
    const hosted = await mountHosted(reactLifecycles({ rootComponent: Probe, label: 'probe' }));
    const region = await within(hosted.container).findByRole('region', { name: '你好' });
    expect(region.textContent).to.equal('probeLate');

    // The server's texts are merged silently (no i18next event): the shared texts version reports them.
    await inAct(() => mergeServerTexts('probe', 'zh', { probeLate: '稍后到达的文字' }));
    await waitFor(() => expect(region.textContent).to.equal('稍后到达的文字'));

    await inAct(() => setLanguage('en'));
    expect(within(hosted.container).getByRole('region', { name: 'Hello' })).to.equal(region);
    // Until the server's English arrives, the zh text stands in (the fallback language).
    expect(region.textContent).to.equal('稍后到达的文字');
    await inAct(() => mergeServerTexts('probe', 'en', { probeLate: 'Arrived later' }));
    await waitFor(() => expect(region.textContent).to.equal('Arrived later'));
    await hosted.unmount();
  });
});

describe('reactLifecycles over server markup (issue 31)', () => {
  /** Mounts over a container carrying `markup` as the server sent it; answers the container. */
  async function mountOver(markup: string, hydrates: boolean, rootComponent: () => ReactNode) {
    const container = document.createElement('div');
    container.setAttribute(PRERENDER_ATTRIBUTE, 'zh');
    container.innerHTML = markup;
    document.body.append(container);
    const hosted = hostLifecycles<{ name: string; domElement: HTMLElement }>(
      reactLifecycles({ rootComponent, label: 'probe', hydrates: () => hydrates }),
      testHostServices(testRuntime({ bus: createBus() })),
    );
    const props = { name: 'probe', domElement: container };
    await hosted.bootstrap(props);
    await hosted.mount(props);
    return { container, unmount: () => hosted.unmount(props).then(() => container.remove()) };
  }
  const Greeting = () => <p>你好</p>;

  it('hydrates matching markup: the server’s element stays, and no error is reported', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const view = await mountOver('<p>你好</p>', true, Greeting);
      const sent = view.container.querySelector('p');
      await waitFor(() => expect(view.container.hasAttribute(PRERENDER_ATTRIBUTE)).to.equal(false));
      expect(view.container.querySelector('p')).to.equal(sent);
      expect(errors).to.deep.equal([]);
      await view.unmount();
    } finally {
      console.error = original;
    }
  });

  it('says so as an error when the markup does not match (React renders afresh)', async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(String(args[0]));
    try {
      const view = await mountOver('<p>Hello</p>', true, Greeting);
      await waitFor(() => expect(view.container.textContent).to.equal('你好'));
      expect(errors.some((text) => text.includes('hydration did not match'))).to.equal(true);
      await view.unmount();
    } finally {
      console.error = original;
    }
  });

  it('replaces the markup when it is not what the first render makes', async () => {
    const view = await mountOver('<p>Hello</p><p>stale</p>', false, Greeting);
    await waitFor(() => expect(view.container.textContent).to.equal('你好'));
    expect(view.container.querySelectorAll('p')).to.have.length(1);
    await view.unmount();
  });
});
