// The sub-app mounted through its lifecycles as the host mounts it (see test/contract/parcels.test.tsx).
import { expect } from '@esm-bundle/chai';
import { createBus, hostLifecycles, type PageApi, setLanguage } from '@ops/shared';
import { byRole, waitFor } from '../../../../test/support/dom';
import { testHostServices, testRuntime } from '../../../../test/support/runtime';
import * as app from './index';

const CODE = 'versions';
const TITLE = 'Versions';

interface Props {
  name: string;
  domElement: HTMLElement;
  mainView: HTMLElement;
  page: PageApi;
}

describe(`${CODE} sub-app`, () => {
  const startUrl = location.pathname + location.search;
  const containers: HTMLElement[] = [];

  afterEach(() => {
    for (const container of containers.splice(0)) container.remove();
    setLanguage('zh');
    history.replaceState(null, '', startUrl);
  });

  /** Mounts the sub-app at `url` the way the host does, with a bus of its own. */
  async function mountAt(url: string) {
    history.replaceState(null, '', url);
    const bus = createBus();
    const container = document.createElement('div');
    document.body.append(container);
    containers.push(container);
    const hosted = hostLifecycles<Props>(app, testHostServices(testRuntime({ bus })));
    const props: Props = {
      name: CODE,
      domElement: container,
      mainView: document.body,
      page: { setTitle() {} },
    };
    await hosted.bootstrap(props);
    await hosted.mount(props);
    return { bus, container, unmount: () => hosted.unmount(props) };
  }

  it('shows its heading and the address, and unmount leaves the container empty', async () => {
    const { bus, container, unmount } = await mountAt(`/${CODE}/index?tab=1`);
    const heading = await waitFor(() => byRole(container, 'heading', TITLE));
    expect(heading.tagName).to.equal('H1');
    expect(container.textContent).to.contain(`当前地址：/${CODE}/index?tab=1`);
    await unmount();
    expect(container.childNodes.length).to.equal(0);
    expect(bus.subscriberCount()).to.equal(0);
  });

  it('follows the language', async () => {
    const { container, unmount } = await mountAt(`/${CODE}/index`);
    await waitFor(() => byRole(container, 'heading', TITLE));
    setLanguage('en');
    await waitFor(() => container.textContent?.includes(`Current address: /${CODE}/index`));
    await unmount();
  });
});
