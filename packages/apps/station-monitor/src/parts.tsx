import { LoadFailed, useTexts } from '@ops/ui';
import type { ReactNode } from 'react';
import { NS } from './texts';

/** A page of the app: its heading (the page's accessible name) and its content. */
export function PageFrame({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section className="ops-sm-page" aria-labelledby={id}>
      <h2 id={id} className="ops-sm-page__heading">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** A load that failed: why (when known) and a Retry button. */
export function ErrorState({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  const { t } = useTexts(NS);
  return (
    <LoadFailed
      className="ops-sm-failed"
      message={reason ? t('loadFailed', { reason }) : t('loadFailedPlain')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  );
}

/** A hint where content will show once the user has chosen something. */
export function Hint({ children }: { children: ReactNode }) {
  return <p className="ops-sm-state ops-sm-state--hint">{children}</p>;
}

/** A load under way. */
export function Loading() {
  const { t } = useTexts(NS);
  return (
    <p role="status" className="ops-sm-state">
      {t('loading')}
    </p>
  );
}
