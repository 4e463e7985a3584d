import { type HostProps, registerTexts } from '@ops/shared';
import { useTexts } from '@ops/ui';

registerTexts('remote-control', { zh: { label: '远程控制' }, en: { label: 'Remote control' } });

/** Host of the device command dialog. The dialog and breaker protocol arrive with the remote-control issue. */
export function RemoteControl(_props: HostProps) {
  const { t } = useTexts('remote-control');
  return (
    <section className="ops-remote-control" aria-label={t('label')}>
      <span className="ops-remote-control__name">@ops/remote-control</span>
    </section>
  );
}
