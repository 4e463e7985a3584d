import { reactLifecycles } from '@ops/ui';
import { LeaveWorkflow } from './leave-workflow';
import stylesheet from './styles.css';
import './texts';

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: LeaveWorkflow,
  label: 'leave-workflow',
  stylesheets: [stylesheet],
});
