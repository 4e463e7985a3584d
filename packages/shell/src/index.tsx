import { reactLifecycles } from '@ops/ui';
import { Shell, type ShellProps } from './shell';
import stylesheet from './styles.css';

export const { bootstrap, mount, unmount } = reactLifecycles<ShellProps>({
  rootComponent: Shell,
  label: '@ops/shell',
  stylesheets: [stylesheet],
});
