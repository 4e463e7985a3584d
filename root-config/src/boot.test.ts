import { expect } from '@esm-bundle/chai';
import { createBus, publishSlotStatus } from '@ops/shared';
import { dismissBootWhenShellSettles } from './boot';

describe('boot frame', () => {
  for (const settled of ['mounted', 'load-error', 'mount-error'] as const) {
    it(`stays while the shell loads and goes once it is ${settled}`, () => {
      const bus = createBus();
      const boot = document.createElement('div');
      boot.id = 'ops-boot';
      document.body.append(boot);
      dismissBootWhenShellSettles(bus);
      publishSlotStatus(bus, '@ops/shell', 'loading');
      publishSlotStatus(bus, '@ops/notices', 'mounted');
      expect(document.getElementById('ops-boot'), 'another slot does not count').to.equal(boot);
      publishSlotStatus(bus, '@ops/shell', settled);
      expect(document.getElementById('ops-boot')).to.equal(null);
      expect(bus.subscriberCount()).to.equal(0);
    });
  }
});
