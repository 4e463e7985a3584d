import { LoadFailed } from '@ops/ui';
import type { ReactNode } from 'react';
import type { ShellT } from '../shared/i18n';

/** One of the page's panels: a titled section, with what stands beside its title. */
export function Panel({
  id,
  title,
  extra,
  children,
}: {
  id: string;
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="ops-cart__panel" aria-labelledby={id}>
      <div className="ops-cart__panel-head">
        <h2 id={id}>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** A load that failed: why (when known) and a Retry button. */
export function Failed({ reason, onRetry, t }: { reason: string; onRetry: () => void; t: ShellT }) {
  return (
    <LoadFailed
      className="ops-cart__failed"
      message={reason ? t('loadFailed', { reason }) : t('loadFailedPlain')}
      retryLabel={t('retry')}
      onRetry={onRetry}
    />
  );
}
