import { lazyComponent } from '@ops/ui';

/** The device-control page (`/inspect/robotTask/index`), loaded with its first render in a chunk of its own. */
export const DeviceControlPage = lazyComponent(() =>
  import('./device-control-page').then((m) => m.DeviceControlPage),
);
