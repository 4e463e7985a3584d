// The reload prompt hears of a new import map on the bus (the notices parcel forwards the socket's frame)
// and compares it with the page's own version (its meta). Found by role and name.
import { expect } from '@esm-bundle/chai';
import { createBus, setLanguage } from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { act } from 'react';
import { waitFor } from '../../../../test/support/dom';
import { mount } from '../../test-support/dom';
import { ReloadPrompt } from './reload-prompt';
import { VERSION_META } from './rules';

describe('reload prompt', () => {
  let cleanup: () => void = () => undefined;
  let meta: HTMLMetaElement | null = null;
  afterEach(() => {
    cleanup();
    meta?.remove();
    meta = null;
    setLanguage('zh');
  });

  function setup(pageVersion: string | null) {
    if (pageVersion !== null) {
      meta = document.createElement('meta');
      meta.name = VERSION_META;
      meta.content = pageVersion;
      document.head.append(meta);
    }
    const bus = createBus();
    const view = mount(<ReloadPrompt bus={bus} />);
    cleanup = view.unmount;
    const announce = (version: string) => act(() => bus.publish('deploy:importmap', { version }));
    return { bus, page: within(view.container), container: view.container, announce };
  }

  it('shows nothing for the page’s own version, then offers a reload for another one; dismissed, it waits for a newer one', async () => {
    const { page, container, announce, bus } = setup('aaaa.0.1');
    announce('aaaa.0.1');
    expect(container.textContent).to.equal('');
    announce('aaaa.bbbb.1');
    const status = await waitFor(() => page.queryByRole('status'));
    expect(status.textContent).to.contain('有新版本可用');
    expect(page.getByRole('button', { name: '重新加载' })).to.exist;
    fireEvent.click(page.getByRole('button', { name: '关闭' }));
    await waitFor(() => !page.queryByRole('status'));
    announce('aaaa.bbbb.1');
    expect(page.queryByRole('status'), 'the dismissed version stays dismissed').to.equal(null);
    announce('aaaa.cccc.1');
    await waitFor(() => page.queryByRole('status'));
    // Back to the page's own version (a rollback): nothing to offer.
    announce('aaaa.0.1');
    await waitFor(() => !page.queryByRole('status'));
    cleanup();
    expect(bus.subscriberCount()).to.equal(0);
  });

  it('in English', async () => {
    setLanguage('en');
    const { page, announce } = setup('aaaa.0.1');
    announce('aaaa.dddd.1');
    await waitFor(() => page.queryByRole('status')?.textContent?.includes('A new version is available'));
    expect(page.getByRole('button', { name: 'Reload' })).to.exist;
    expect(page.getByRole('button', { name: 'Dismiss' })).to.exist;
  });

  it('a page served without a version offers nothing (it has nothing to compare with)', () => {
    const { container, announce } = setup(null);
    announce('aaaa.dddd.1');
    expect(container.textContent).to.equal('');
  });
});
