import type { HostServices, LoadModule } from '@ops/shared';
import { Chrome } from './layout/chrome';
import { ShellPage } from './pages';
import type { ShellServices } from './shared/services';

/**
 * What a signed-in page shows: the chrome and the shell's own page in the main view. Its own chunk, loaded
 * when a chrome route is first shown (or while the login page is idle), so the login page does not load it.
 */
export default function SignedIn({
  pathname,
  services,
  host,
  loadModule,
}: {
  pathname: string;
  services: ShellServices;
  host: HostServices;
  loadModule: LoadModule;
}) {
  return (
    <>
      <Chrome pathname={pathname} services={services} host={host} loadModule={loadModule} />
      <ShellPage path={pathname} />
    </>
  );
}
