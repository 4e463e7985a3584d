import type { HostProps, SubAppProps } from '@ops/shared';
import { useLocation, useTexts } from '@ops/ui';
import { useEffect } from 'react';
import { ApplyPage } from './apply-page';
import { AppLink, PageFrame } from './common';
import { DonePage, TodoPage } from './list-pages';
import { PATHS, type Page, pageOf } from './pages';
import { DetailPage, HandlePage } from './request-pages';
import { NS } from './texts';

/** The in-app "page not found": what was asked for and the way back to the to-do list. */
function NotFound({ path, navigate }: { path: string; navigate: HostProps['navigate'] }) {
  const { t } = useTexts(NS);
  return (
    <PageFrame id="ops-leave-missing-title" title={t('notFound.title')}>
      <p>{t('notFound.body', { path })}</p>
      <p>
        <AppLink to={PATHS.todo} navigate={navigate}>
          {t('notFound.link')}
        </AppLink>
      </p>
    </PageFrame>
  );
}

function PageView({ page, path, props }: { page: Page; path: string; props: HostProps }) {
  const { http, signal, navigate } = props;
  const base = { http, signal, navigate };
  switch (page.page) {
    case 'apply':
      return (
        <ApplyPage
          key={page.processDefinitionId ?? ''}
          {...base}
          processDefinitionId={page.processDefinitionId}
        />
      );
    case 'todo':
      return <TodoPage {...base} />;
    case 'done':
      return <DonePage {...base} />;
    case 'handle':
      return <HandlePage key={path} {...base} {...page} />;
    case 'detail':
      return <DetailPage key={path} {...base} {...page} />;
    default:
      return <NotFound path={path} navigate={navigate} />;
  }
}

/**
 * The leave workflow sub-app, mounted under `/leave-workflow` and for the process's fixed routes
 * (`/work/process/leave/...`): it reads the URL and shows the matching page.
 */
export function LeaveWorkflow(props: HostProps & Partial<Pick<SubAppProps, 'page'>>) {
  const { t, lang } = useTexts(NS);
  const { pathname } = useLocation();
  const page = pageOf(pathname);
  // The handle and detail pages have no menu item: their tags take the page's own name.
  const title =
    page.page === 'handle'
      ? t('request.handleTitle')
      : page.page === 'detail'
        ? t('request.detailTitle')
        : '';
  useEffect(() => {
    if (title) props.page?.setTitle(title);
  }, [title, pathname, lang, props.page]);
  const links: [string, string, Page['page']][] = [
    [PATHS.apply, t('nav.apply'), 'apply'],
    [PATHS.todo, t('nav.todo'), 'todo'],
    [PATHS.done, t('nav.done'), 'done'],
  ];
  return (
    <article className="ops-leave">
      <nav className="ops-leave__nav" aria-label={t('nav.label')}>
        <ul>
          {links.map(([to, label, kind]) => (
            <li key={to}>
              <AppLink to={to} navigate={props.navigate} current={page.page === kind}>
                {label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <PageView page={page} path={pathname} props={props} />
    </article>
  );
}
