import { reactLifecycles } from '@ops/ui';
import actionsStylesheet from './actions/actions.css';
import { AssistantRoot } from './pages/page-root';
import stylesheet from './styles.css';

export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: AssistantRoot,
  label: '@ops/assistant',
  stylesheets: [stylesheet, actionsStylesheet],
});
