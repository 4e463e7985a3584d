import { expect } from '@esm-bundle/chai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { useOpenings } from './use-openings';

describe('useOpenings', () => {
  it('counts each opening: not the closings, nor renders while open or closed', async () => {
    const flags = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    flags.IS_REACT_ACT_ENVIRONMENT = true;
    const seen: number[] = [];
    function Probe({ open }: { open: boolean }) {
      seen.push(useOpenings(open));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    try {
      const counts: number[] = [];
      for (const open of [false, true, true, false, false, true]) {
        await act(async () => root.render(<Probe open={open} />));
        counts.push(seen.at(-1)!);
      }
      expect(counts).to.deep.equal([0, 1, 1, 1, 1, 2]);
      seen.length = 0;
      await act(async () => root.render(<Probe key="new" open />));
      expect(seen.at(-1), 'mounted open: its first opening').to.equal(1);
    } finally {
      await act(async () => root.unmount());
      flags.IS_REACT_ACT_ENVIRONMENT = false;
    }
  });
});
