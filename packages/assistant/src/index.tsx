import { reactLifecycles } from '@ops/ui';
import actionsStylesheet from './actions/actions.css';
import { Assistant } from './assistant';
import stylesheet from './styles.css';

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: Assistant,
  label: '@ops/assistant',
  stylesheets: [stylesheet, actionsStylesheet],
});
