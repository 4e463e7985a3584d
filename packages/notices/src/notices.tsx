import type { HostProps } from '@ops/shared';

const LABEL = { zh: '通知', en: 'Notices' };

/** The notice bell of the top bar. The socket, popup and message centre arrive with the notices issue. */
export function Notices(_props: HostProps) {
  const label = document.documentElement.lang.startsWith('en') ? LABEL.en : LABEL.zh;
  return (
    <section className="ops-notices" aria-label={label}>
      <span className="ops-notices__name">@ops/notices</span>
    </section>
  );
}
