import { reactLifecycles } from '@ops/ui';
import stylesheet from './styles.css';
import { Versions } from './versions';

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: Versions,
  label: 'versions',
  stylesheets: [stylesheet],
});
