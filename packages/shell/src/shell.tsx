import {
  type HostProps,
  type HostServices,
  isFullScreenRoute,
  type LoadModule,
  type Runtime,
} from '@ops/shared';
import { MessageHost } from '@ops/ui';
import { useEffect, useMemo, useState } from 'react';
import { Chrome } from './layout/chrome';
import { ForcedLogoutDialog } from './layout/session-dialogs';
import { ShellPage } from './pages';
import { PublicPage } from './public/public-page';
import { shellServices } from './shared/runtime-services';
import { useLocation } from './shared/use-location';

export interface ShellProps extends HostProps {
  loadModule: LoadModule;
  /** The shell is the host's chrome: it signs in, locks and owns the session. */
  runtime: Runtime;
  /** What the shell hands every parcel it hosts. */
  services: HostServices;
}

interface Expired {
  path: string;
  login: string;
}

/**
 * The shell: the full-screen pages (sign-in, password change, lock, status pages) or the chrome with the
 * shell's own page in the main view. Which one is the route table's answer for the path.
 */
export function Shell({ bus, loadModule, runtime, services: host }: ShellProps) {
  const { pathname, search } = useLocation();
  const services = useMemo(() => shellServices(runtime, host), [runtime, host]);
  const [expired, setExpired] = useState<Expired | null>(null);

  useEffect(() => runtime.setNotifier((kind, text) => services.notify[kind](text)), [runtime, services]);
  useEffect(() => {
    const sub = bus.subscribe('session:expired', (event) => setExpired(event));
    return () => sub.unsubscribe();
  }, [bus]);

  return (
    <>
      {isFullScreenRoute(pathname, runtime.config.lockPage) ? (
        <PublicPage path={pathname} search={search} services={services} />
      ) : (
        <>
          <Chrome pathname={pathname} services={services} host={host} loadModule={loadModule} />
          <ShellPage path={pathname} />
        </>
      )}
      <MessageHost />
      <ForcedLogoutDialog
        services={services}
        open={expired !== null}
        redirect={expired?.path}
        login={expired?.login}
        onClose={() => setExpired(null)}
      />
    </>
  );
}
