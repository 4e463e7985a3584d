import { reactLifecycles } from '@ops/ui';
import { Notices } from './notices';
import stylesheet from './styles.css';

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: Notices,
  label: '@ops/notices',
  stylesheets: [stylesheet],
});
