import { lazyComponent } from '@ops/ui';

/** The environment page (`/test/index`), loaded with its first render in a chunk of its own. */
export const EnvironmentPage = lazyComponent(() =>
  import('./environment-page').then((m) => m.EnvironmentPage),
);
