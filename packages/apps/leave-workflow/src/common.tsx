import { LoadFailed, useTexts } from '@ops/ui';
import type { MouseEvent, ReactNode } from 'react';
import { NS } from './texts';

/** A link inside the console: a real `href` (new tab, copy link) that navigates through the host. */
export function AppLink({
  to,
  navigate,
  current = false,
  children,
}: {
  to: string;
  navigate: (path: string) => void;
  current?: boolean;
  children: ReactNode;
}) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={follow} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}

/** A page of the app: its heading names it. */
export function PageFrame({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="ops-leave__page" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  );
}

export function Loading() {
  const { t } = useTexts(NS);
  return <p role="status">{t('loading')}</p>;
}

/** A load that failed: what failed, and Retry (the console's client already showed the server's reason). */
export function Failed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTexts(NS);
  return <LoadFailed message={text} retryLabel={t('retry')} onRetry={onRetry} />;
}
