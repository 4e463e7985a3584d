import { lazyComponent } from '@ops/ui';

/** The message centre (`/noticeinfo/info`), loaded with its first render in a chunk of its own. */
export const MessageCentrePage = lazyComponent(() =>
  import('./message-centre-page').then((m) => m.MessageCentrePage),
);
