import { reactLifecycles } from '@ops/ui';
import { RemoteControl } from './remote-control';
import stylesheet from './styles.css';

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: RemoteControl,
  label: '@ops/remote-control',
  stylesheets: [stylesheet],
});
