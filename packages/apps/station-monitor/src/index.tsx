import { reactLifecycles } from '@ops/ui';
import { StationMonitor } from './station-monitor';
import stylesheet from './styles.css';

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: StationMonitor,
  label: 'station-monitor',
  stylesheets: [stylesheet],
});
