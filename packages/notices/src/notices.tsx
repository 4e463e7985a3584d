import { type HostProps, registerTexts } from '@ops/shared';
import { useTexts } from '@ops/ui';

registerTexts('notices', { zh: { label: '通知' }, en: { label: 'Notices' } });

/** The notice bell of the top bar. The socket, popup and message centre arrive with the notices issue. */
export function Notices(_props: HostProps) {
  const { t } = useTexts('notices');
  return (
    <section className="ops-notices" aria-label={t('label')}>
      <span className="ops-notices__name">@ops/notices</span>
    </section>
  );
}
