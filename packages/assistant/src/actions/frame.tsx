import type { ReactNode } from 'react';

/** One action block: a region named by its title, so an operator (and a test) finds it by role and name. */
export function ActionFrame({ title, func, children }: { title: string; func: string; children: ReactNode }) {
  return (
    <section className={`ops-assistant__action ops-assistant__action--${func}`} aria-label={title}>
      <h3 className="ops-assistant__action-title">{title}</h3>
      {children}
    </section>
  );
}
