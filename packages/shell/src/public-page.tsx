import { type FullScreenPageKey, matchRoute } from '@ops/shared';
import { lazyComponent } from '@ops/ui';
import type { ReactNode } from 'react';
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

interface FullScreenPageProps {
  services: ShellServices;
  search: string;
}

/**
 * The full-screen frame's pages, by the page key the route table names (sign-in entries, password change,
 * lock, status pages). The table's type makes this list complete: a route without a page here, or a page
 * here without a route, does not compile (and pages.test.ts says so at run time).
 */
export const FULL_SCREEN_PAGES: {
  readonly [K in FullScreenPageKey]: (props: FullScreenPageProps) => ReactNode;
} = {
  login: ({ services, search }) => <LoginPage services={services} search={search} />,
  authorization: ({ services, search }) => <AuthorizationPage services={services} search={search} />,
  editPassword: ({ services, search }) => <EditPasswordPage services={services} search={search} />,
  lock: ({ services }) => <LockPage services={services} />,
  forbidden: ({ services }) => <StatusPage code={403} services={services} />,
  serverError: ({ services }) => <StatusPage code={500} services={services} />,
  notFound: ({ services }) => <StatusPage code={404} services={services} />,
};

/** The full-screen page of a path; any path the table does not give one shows the 404 page. */
export function PublicPage({ path, search, services }: { path: string } & FullScreenPageProps) {
  const page = matchRoute(path, { lockPage: services.config.lockPage })?.route.page;
  const key = page && page in FULL_SCREEN_PAGES ? (page as FullScreenPageKey) : 'notFound';
  return FULL_SCREEN_PAGES[key]({ services, search });
}
