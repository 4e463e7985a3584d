import { expect } from '@esm-bundle/chai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from '../../../../test/support/dom';
import { type StylesheetsState, useStylesheetsReady } from './use-stylesheet';

function Probe({ hrefs, seen }: { hrefs: string[]; seen: StylesheetsState[] }) {
  seen.push(useStylesheetsReady(...hrefs));
  return null;
}

async function render(hrefs: string[]) {
  const seen: StylesheetsState[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<Probe hrefs={hrefs} seen={seen} />));
  return {
    seen,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

const linked = (href: string) => document.head.querySelector(`link[href="${href}"]`);

describe('useStylesheetsReady', () => {
  it('links the sheets while rendered and says ready once they have loaded', async () => {
    const href = 'data:text/css,.ops-probe-ready{color:red}';
    const probe = await render([href]);
    expect(probe.seen[0]).to.equal('loading');
    await waitFor(() => probe.seen.at(-1) === 'ready');
    expect(linked(href)).to.not.equal(null);
    await probe.unmount();
    expect(linked(href), 'released on unmount').to.equal(null);
  });

  it('says failed when a sheet cannot be loaded, and removes it', async () => {
    const href = '/missing/ops-probe-0000.css';
    const probe = await render(['data:text/css,.ops-probe-other{}', href]);
    await waitFor(() => probe.seen.at(-1) === 'failed');
    expect(linked(href)).to.equal(null);
    await probe.unmount();
  });
});
