import type { HostProps } from '@ops/shared';

const LABEL = { zh: 'AI 助手', en: 'AI assistant' };

/** The floating robot of the AI assistant. Chat, streaming and personas arrive with the assistant issue. */
export function Assistant(_props: HostProps) {
  const label = document.documentElement.lang.startsWith('en') ? LABEL.en : LABEL.zh;
  return (
    <section className="ops-assistant" aria-label={label}>
      <span className="ops-assistant__name">@ops/assistant</span>
    </section>
  );
}
