import { matchRoute, PATHS } from '@ops/shared';
import { AuthorizationPage } from '../auth/authorization-page';
import { EditPasswordPage } from '../auth/edit-password-page';
import { LoginPage } from '../auth/login-page';
import { LockPage } from '../lock/lock-page';
import type { ShellServices } from '../shared/services';
import { StatusPage } from '../status/status-page';

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
