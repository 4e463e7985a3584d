import { type HostProps, registerTexts } from '@ops/shared';
import { useTranslation } from 'react-i18next';

registerTexts('assistant', { zh: { label: 'AI 助手' }, en: { label: 'AI assistant' } });

/** The floating robot of the AI assistant. Chat, streaming and personas arrive with the assistant issue. */
export function Assistant({ i18n }: HostProps) {
  const { t } = useTranslation('assistant', { i18n });
  return (
    <section className="ops-assistant" aria-label={t('label')}>
      <span className="ops-assistant__name">@ops/assistant</span>
    </section>
  );
}
