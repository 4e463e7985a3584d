import { type HostProps, registerTexts } from '@ops/shared';
import { useTexts } from '@ops/ui';

registerTexts('assistant', { zh: { label: 'AI 助手' }, en: { label: 'AI assistant' } });

/** The floating robot of the AI assistant. Chat, streaming and personas arrive with the assistant issue. */
export function Assistant(_props: HostProps) {
  const { t } = useTexts('assistant');
  return (
    <section className="ops-assistant" aria-label={t('label')}>
      <span className="ops-assistant__name">@ops/assistant</span>
    </section>
  );
}
