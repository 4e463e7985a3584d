import type { SubAppProps } from '@ops/shared';
import { useLocation, useTexts } from '@ops/ui';
import type { ReactNode } from 'react';
import { DictsPage } from './dicts/dicts-page';
import { ApiLogsPage, ErrorLogsPage, UsualLogsPage } from './logs/logs-page';
import { MenusPage } from './menus/menus-page';
import type { PageProps } from './page-props';
import { type PageKey, pageOf } from './pages';
import { NotFoundPage } from './parts';
import { usePermissions } from './permissions';
import { TenantsPage } from './tenants/tenants-page';
import { NS } from './texts';
import { UsersPage } from './users/users-page';

/** The page views by key; each page file adds its own line. */
const VIEWS: Partial<Record<Exclude<PageKey, 'not-found'>, (props: PageProps) => ReactNode>> = {
  dicts: DictsPage,
  menus: MenusPage,
  'usual-logs': UsualLogsPage,
  'api-logs': ApiLogsPage,
  'error-logs': ErrorLogsPage,
  tenants: TenantsPage,
  users: UsersPage,
};

/**
 * Platform and tenant administration (issue 27), mounted at /system: tenants, users, dictionaries,
 * menus and logs, each behind the button permissions the server sends. It uses only the host's props,
 * @ops/shared and @ops/ui, like any other team's sub-app.
 */
export function SystemApp({ http, signal, navigate, session }: SubAppProps) {
  const { t } = useTexts(NS);
  const { pathname } = useLocation();
  const can = usePermissions(session);
  const key = pageOf(pathname);
  const View = key === 'not-found' ? undefined : VIEWS[key];
  return (
    <article className="ops-app-system" aria-labelledby="ops-app-system-title">
      <h1 id="ops-app-system-title" className="ops-app-system__title">
        {t('title')}
      </h1>
      {View ? (
        <View http={http} signal={signal} navigate={navigate} session={session} can={can} />
      ) : (
        <NotFoundPage pathname={pathname} navigate={navigate} />
      )}
    </article>
  );
}
