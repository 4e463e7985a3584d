import {
  type HostProps,
  type HostServices,
  isFullScreenRoute,
  type LoadModule,
  type Runtime,
} from '@ops/shared';
import { lazyComponent, MessageHost, useLocation } from '@ops/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PublicPage } from './public-page';
import { shellServices } from './shared/runtime-services';

export interface ShellProps extends HostProps {
  loadModule: LoadModule;
  /** The shell is the host's chrome: it signs in, locks and owns the session. */
  runtime: Runtime;
  /** What the shell hands every parcel it hosts. */
  services: HostServices;
}

const SignedIn = lazyComponent(() => import('./signed-in').then((m) => m.default));
// Rendered from the first forced logout on (it stays, so it can close with its animation).
const ForcedLogoutDialog = lazyComponent(() =>
  import('./session-dialogs/session-dialogs').then((m) => m.ForcedLogoutDialog),
);

/** After the full-screen page has painted and the browser is idle, the chrome's code is fetched ahead. */
function preloadSignedIn() {
  const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 300));
  const handle = later(() => void SignedIn.preload().catch(() => {}));
  return () => (window.cancelIdleCallback ?? clearTimeout)(handle as never);
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
  const services = useMemo(() => shellServices(runtime, host, loadModule), [runtime, host, loadModule]);
  const [expired, setExpired] = useState<Expired | null>(null);
  const everExpired = useRef(false);
  if (expired) everExpired.current = true;

  const fullScreen = isFullScreenRoute(pathname, runtime.config.lockPage);

  useEffect(() => runtime.setNotifier((kind, text) => services.notify[kind](text)), [runtime, services]);
  useEffect(() => (fullScreen ? preloadSignedIn() : undefined), [fullScreen]);
  useEffect(() => {
    const sub = bus.subscribe('session:expired', (event) => setExpired(event));
    return () => sub.unsubscribe();
  }, [bus]);

  return (
    <>
      {fullScreen ? (
        <PublicPage path={pathname} search={search} services={services} />
      ) : (
        <SignedIn pathname={pathname} services={services} />
      )}
      <MessageHost />
      {everExpired.current && (
        <ForcedLogoutDialog
          services={services}
          open={expired !== null}
          redirect={expired?.path}
          login={expired?.login}
          onClose={() => setExpired(null)}
        />
      )}
    </>
  );
}
