import type { HostProps } from '@ops/shared';

const LABEL = { zh: '远程控制', en: 'Remote control' };

/** Host of the device command dialog. The dialog and breaker protocol arrive with the remote-control issue. */
export function RemoteControl(_props: HostProps) {
  const label = document.documentElement.lang.startsWith('en') ? LABEL.en : LABEL.zh;
  return (
    <section className="ops-remote-control" aria-label={label}>
      <span className="ops-remote-control__name">@ops/remote-control</span>
    </section>
  );
}
