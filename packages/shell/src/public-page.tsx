import { matchRoute, PATHS } from '@ops/shared';
import { lazyComponent } from '@ops/ui';
import { LoginPage } from './auth/login-page';
import type { ShellServices } from './shared/services';

// The login page paints from the shell's first chunk; the other full-screen pages load when first shown.
const AuthorizationPage = lazyComponent(() =>
  import('./auth/authorization-page').then((m) => m.AuthorizationPage),
);
const EditPasswordPage = lazyComponent(() =>
  import('./auth/edit-password-page').then((m) => m.EditPasswordPage),
);
const LockPage = lazyComponent(() => import('./lock/lock-page').then((m) => m.LockPage));
const StatusPage = lazyComponent(() => import('./status/status-page').then((m) => m.StatusPage));

/** The full-screen page of a path (sign-in entries, password change, lock, status pages). */
export function PublicPage({
  path,
  search,
  services,
}: {
  path: string;
  search: string;
  services: ShellServices;
}) {
  const match = matchRoute(path, { lockPage: services.config.lockPage });
  switch (match?.route.pattern) {
    case PATHS.login:
      return <LoginPage services={services} search={search} />;
    case PATHS.authorization:
      return <AuthorizationPage services={services} search={search} />;
    case PATHS.editPassword:
      return <EditPasswordPage services={services} search={search} />;
    case PATHS.lock:
      return <LockPage services={services} />;
    case PATHS.forbidden:
      return <StatusPage code={403} services={services} />;
    case PATHS.serverError:
      return <StatusPage code={500} services={services} />;
    default:
      return <StatusPage code={404} services={services} />;
  }
}
