import type { HostProps } from '@ops/shared';
import { useTexts } from '@ops/ui';
import type { MouseEvent } from 'react';
import { PAGE_PATHS } from './pages';
import { PageFrame } from './parts';
import { NS } from './texts';

/** A path of the app without a page: says so and links to the two main pages. */
export function NotFoundPage({ pathname, navigate }: Pick<HostProps, 'navigate'> & { pathname: string }) {
  const { t } = useTexts(NS);
  const go = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click routes inside the console; a modified click keeps the browser's own meaning.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
  return (
    <PageFrame id="ops-sm-not-found" heading={t('notFound.heading')}>
      <div className="ops-sm-state ops-sm-state--hint">
        <p>{t('notFound.body', { path: pathname })}</p>
        <ul aria-label={t('notFound.links')} className="ops-sm-links">
          <li>
            <a href={PAGE_PATHS.overview} onClick={go(PAGE_PATHS.overview)}>
              {t('overview.heading')}
            </a>
          </li>
          <li>
            <a href={PAGE_PATHS.realtime} onClick={go(PAGE_PATHS.realtime)}>
              {t('realtime.heading')}
            </a>
          </li>
        </ul>
      </div>
    </PageFrame>
  );
}
