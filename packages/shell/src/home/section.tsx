import { LoadFailed } from '@ops/ui';
import type { Load } from '@ops/ui/load';
import type { ReactNode } from 'react';
import { useShellText } from '../shared/i18n';
import { plainClick } from '../shared/plain-click';
import { OVERVIEW_TEXTS } from './texts';

/** A link to a console page: a plain click navigates in place, a modified one keeps the browser's own. */
export function PageLink({
  to,
  navigate,
  className,
  label,
  children,
}: {
  to: string;
  navigate(path: string): void;
  className?: string;
  /** The accessible name, when the visible text is not enough. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={to}
      className={className}
      aria-label={label}
      onClick={(event) => {
        if (!plainClick(event)) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * One section of the home overview: a region named by its heading, with a summary and a link to the page
 * that shows more, over what its own load answered. Loading, failed (with Retry) and empty each show in
 * the section alone, so one failed call leaves the others standing.
 */
export function HomeSection<T>({
  id,
  title,
  load,
  retry,
  isEmpty,
  empty,
  summary,
  link,
  className,
  children,
}: {
  id: string;
  title: string;
  load: Load<T>;
  retry(): void;
  isEmpty(data: T): boolean;
  empty: string;
  summary?: (data: T) => ReactNode;
  link?: ReactNode;
  className?: string;
  children(data: T): ReactNode;
}) {
  const { t } = useShellText(OVERVIEW_TEXTS);
  const titleId = `${id}-title`;
  const body = (): ReactNode => {
    if (load.state === 'loading') {
      return (
        <p className="ops-overview__state" role="status">
          {t('loading')}
        </p>
      );
    }
    if (load.state === 'failed') {
      return (
        <LoadFailed
          className="ops-overview__failed"
          message={load.reason ? t('failed', { reason: load.reason }) : t('failedPlain')}
          retryLabel={t('retry')}
          onRetry={retry}
        />
      );
    }
    return isEmpty(load.data) ? <p className="ops-overview__state">{empty}</p> : children(load.data);
  };
  return (
    <section
      className={className ? `ops-overview__section ${className}` : 'ops-overview__section'}
      aria-labelledby={titleId}
      aria-busy={load.state === 'loading'}
    >
      <header className="ops-overview__head">
        <h2 id={titleId}>{title}</h2>
        {load.state === 'done' && summary && (
          <span className="ops-overview__summary">{summary(load.data)}</span>
        )}
        {link && <span className="ops-overview__link">{link}</span>}
      </header>
      <div className="ops-overview__body">{body()}</div>
    </section>
  );
}
