import { reactLifecycles } from '@ops/ui';
import stylesheet from './styles.css';
import { SystemApp } from './system';

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: SystemApp,
  label: 'system',
  stylesheets: [stylesheet],
});
