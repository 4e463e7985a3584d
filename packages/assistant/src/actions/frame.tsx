import type { ReactNode } from 'react';

/** One action block: a region named by its title, so an operator (and a test) finds it by role and name. */
export function ActionFrame({
  title,
  func,
  className = '',
  children,
}: {
  title: string;
  func: string;
  /** The block's own layout class besides the frame's. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      className={`ops-assistant__action ops-assistant__action--${func} ${className}`.trim()}
      aria-label={title}
    >
      <h3 className="ops-assistant__action-title">{title}</h3>
      {children}
    </section>
  );
}
