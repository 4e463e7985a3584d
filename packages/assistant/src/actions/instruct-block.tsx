import { useState } from 'react';
import { Markdown } from '../reveal';
import { ActionFrame } from './frame';
import type { ActionBlockProps } from './types';
import { useActionTexts } from './use-action-texts';
import { useInstructRun } from './use-instruct-run';

/** open_instruct and record: the instruct runs as the block appears, its output streaming in as markdown. */
export function InstructBlock({ item, ctx }: ActionBlockProps) {
  const { t, titleOf } = useActionTexts();
  const [attempt, setAttempt] = useState(0);
  const run = useInstructRun(item, ctx.host, ctx.question ?? '', attempt);
  const output = 'output' in run ? run.output : '';
  return (
    <ActionFrame title={titleOf(item)} func={item.func}>
      <div className="ops-assistant__instruct" aria-busy={run.status === 'running'} aria-live="polite">
        {run.status === 'running' && !output && (
          <p className="ops-assistant__muted">{t('action.instructRunning')}</p>
        )}
        {output && <Markdown text={output} origins={ctx.host.config.mediaOrigins} />}
      </div>
      {run.status === 'not-found' && (
        <p className="ops-assistant__error" role="alert">
          {t('action.instructNotFound')}
        </p>
      )}
      {run.status === 'blocked' && (
        <p className="ops-assistant__error" role="alert">
          {t('action.instructBlocked')}
        </p>
      )}
      {run.status === 'failed' && (
        <p className="ops-assistant__error" role="alert">
          {t('action.instructFailed', { message: run.message })}
          <button type="button" className="ops-assistant__link" onClick={() => setAttempt((n) => n + 1)}>
            {t('action.runAgain')}
          </button>
        </p>
      )}
    </ActionFrame>
  );
}
