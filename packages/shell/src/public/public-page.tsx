import { AuthorizationPage } from '../auth/authorization-page';
import { EditPasswordPage } from '../auth/edit-password-page';
import { LoginPage } from '../auth/login-page';
import { LockPage } from '../lock/lock-page';
import type { ShellServices } from '../shared/services';
import { StatusPage } from '../status/status-page';

/** The full-screen pages the shell owns; the chrome is hidden on these paths. */
export const PUBLIC_PAGE_PATHS = [
  '/login',
  '/authorization',
  '/editPassword',
  '/lock',
  '/404',
  '/403',
  '/500',
] as const;

export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/** Whether a path (with or without a trailing slash) is one of the public pages, the configured lock page included. */
export function isPublicPage(path: string, lockPage?: string): boolean {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (PUBLIC_PAGE_PATHS as readonly string[]).includes(bare) || (!!lockPage && bare === lockPage);
}

export function PublicPage({
  path,
  search,
  services,
}: {
  path: string;
  search: string;
  services: ShellServices;
}) {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const lockPage = services.config.lockPage || '/lock';
  if (bare === lockPage) return <LockPage services={services} />;
  switch (bare) {
    case '/login':
      return <LoginPage services={services} search={search} />;
    case '/authorization':
      return <AuthorizationPage services={services} search={search} />;
    case '/editPassword':
      return <EditPasswordPage services={services} search={search} />;
    case '/lock':
      return <LockPage services={services} />;
    case '/403':
      return <StatusPage code={403} services={services} />;
    case '/500':
      return <StatusPage code={500} services={services} />;
    default:
      return <StatusPage code={404} services={services} />;
  }
}
