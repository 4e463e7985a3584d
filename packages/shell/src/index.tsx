import { reactLifecycles } from '@ops/ui';
import { hydratesLogin } from './shared/prerender-handoff';
import { Shell, type ShellProps } from './shell';
import stylesheet from './styles.css';

export const { bootstrap, mount, unmount } = reactLifecycles<ShellProps>({
  rootComponent: Shell,
  label: '@ops/shell',
  stylesheets: [stylesheet],
  // The login page's markup from the server (issue 31) is hydrated when it is what the shell renders first.
  hydrates: (container, props) =>
    hydratesLogin(
      container.getAttribute('data-ops-prerender') ?? '',
      location.pathname,
      props.runtime.storage,
    ),
});
