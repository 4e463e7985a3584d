import { memo, useEffect, useMemo } from 'react';
import { IncrementalBlocks } from './blocks';
import { renderMarkdown } from './markdown';
import { useReveal } from './use-reveal';

/** A rendered block: the same HTML string is never set again (finished blocks cost nothing per chunk). */
const Block = memo(function Block({ html }: { html: string }) {
  return <div className="ops-assistant__block" dangerouslySetInnerHTML={{ __html: html }} />;
});

export function Markdown({ text, origins }: { text: string; origins: readonly string[] }) {
  const blocks = useMemo(() => new IncrementalBlocks((md) => renderMarkdown(md, origins)), [origins]);
  const view = blocks.update(text);
  return (
    <div className="ops-assistant__markdown">
      {view.done.map((html, index) => (
        <Block key={index} html={html} />
      ))}
      {view.tail && <Block key="tail" html={view.tail} />}
    </div>
  );
}

/** An answer's markdown as far as it is revealed (the typing effect, spec §4, P6). */
export function Revealed({
  text,
  animate,
  ended,
  origins,
  onRevealed,
}: {
  text: string;
  animate: boolean;
  /** The stream has ended: once all of it is shown, `onRevealed` is called. */
  ended: boolean;
  origins: readonly string[];
  onRevealed: () => void;
}) {
  const shown = useReveal(text, animate);
  const caughtUp = shown >= text.length;
  useEffect(() => {
    if (ended && caughtUp) onRevealed();
  }, [ended, caughtUp, onRevealed]);
  return <Markdown text={text.slice(0, shown)} origins={origins} />;
}
