import { type HostProps, registerTexts } from '@ops/shared';
import { useTranslation } from 'react-i18next';

registerTexts('notices', { zh: { label: '通知' }, en: { label: 'Notices' } });

/** The notice bell of the top bar. The socket, popup and message centre arrive with the notices issue. */
export function Notices({ i18n }: HostProps) {
  const { t } = useTranslation('notices', { i18n });
  return (
    <section className="ops-notices" aria-label={t('label')}>
      <span className="ops-notices__name">@ops/notices</span>
    </section>
  );
}
