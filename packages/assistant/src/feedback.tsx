import { sanitizeInput, validationMessage } from '@ops/shared';
import { FEEDBACK_MAX, feedbackCounter, validateFeedback } from '@ops/shared/rules';
import { useSubmit, useTexts } from '@ops/ui';
import { useState } from 'react';
import type { ChatMessage } from './messages';
import { NS } from './texts';
import type { AnswerFeedback } from './use-feedback';

/** Like and dislike under an answer: each rates it; a dislike without a comment then opens the feedback form. */
export function Rating({ answer, feedback }: { answer: ChatMessage; feedback: AnswerFeedback }) {
  const { t } = useTexts(NS);
  const praise = useSubmit(feedback.praise);
  const choose = (useful: 1 | 2) => praise.run(answer, useful);
  return (
    <div className="ops-assistant__rating">
      <button type="button" aria-pressed={answer.useful === 1} onClick={() => choose(1)}>
        {t('like')}
      </button>
      <button type="button" aria-pressed={answer.useful === 2} onClick={() => choose(2)}>
        {t('dislike')}
      </button>
      {praise.error && (
        <span className="ops-assistant__error" role="alert">
          {praise.error}
        </span>
      )}
    </div>
  );
}

/** The feedback form of a dislike: a comment of 150 characters at most, with its counter. */
export function Feedback({ answer, feedback }: { answer: ChatMessage; feedback: AnswerFeedback }) {
  const { t } = useTexts(NS);
  const [text, setText] = useState('');
  const save = useSubmit((comment: string) => feedback.comment(answer, comment), {
    onSuccess: feedback.close,
  });
  const count = feedbackCounter(text);
  const submit = () => {
    const result = validateFeedback(text);
    if (!result.ok) save.setError(validationMessage(result));
    else save.run(text.trim());
  };
  return (
    <section className="ops-assistant__feedback" role="dialog" aria-label={t('feedback')}>
      <label className="ops-assistant__feedback-label">
        {t('feedbackLabel')}
        <textarea
          value={text}
          maxLength={FEEDBACK_MAX}
          rows={3}
          aria-invalid={save.error ? true : undefined}
          onChange={(e) => {
            setText(sanitizeInput(e.target.value, 'allow-input'));
            save.setError('');
          }}
        />
      </label>
      <div className="ops-assistant__feedback-row">
        <span className="ops-assistant__counter" aria-live="polite">
          {count.text}
        </span>
        {save.error && (
          <span className="ops-assistant__error" role="alert">
            {save.error}
          </span>
        )}
        <button type="button" onClick={feedback.close}>
          {t('cancel')}
        </button>
        <button type="button" className="ops-assistant__primary" disabled={save.busy} onClick={submit}>
          {t('submit')}
        </button>
      </div>
    </section>
  );
}
