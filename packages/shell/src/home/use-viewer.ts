import { useEffect, useState } from 'react';
import type { ShellServices } from '../shared/services';
import { useSessionState } from '../shared/use-session';
import { homeSections, menuPathsOf, type Viewer } from './overview-rules';

/**
 * Who looks at the home page: the session's tenant, account and department, and the pages of the menu
 * the chrome publishes on the bus (null until it is there).
 */
export function useViewer(services: Pick<ShellServices, 'session' | 'bus'>): Viewer {
  const session = useSessionState(services);
  const [menuPaths, setMenuPaths] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    const sub = services.bus.on('menus').subscribe((menus) => {
      setMenuPaths(menus?.status === 'ready' ? menuPathsOf(menus.items) : null);
    });
    return () => sub.unsubscribe();
  }, [services.bus]);
  return {
    tenantId: session.tenantId,
    account: session.userInfo?.account ?? '',
    deptId: session.userInfo?.deptId ?? '',
    menuPaths,
  };
}

export { homeSections };
