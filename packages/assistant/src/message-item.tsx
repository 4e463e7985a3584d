import { useTexts } from '@ops/ui';
import { realDataRows } from './actions/real-data';
import { RealDataTable } from './actions/real-data-block';
import { ActionBlocks } from './actions/registry';
import type { ActionContext } from './actions/types';
import { Feedback, Rating } from './feedback';
import { type ChatMessage, canRate, canResend, typesOut } from './messages';
import { Revealed } from './reveal';
import { NS } from './texts';
import type { AnswerFeedback } from './use-feedback';
import { reducedMotion } from './use-reveal';

/** Questions as buttons that ask them: the suggested ones of a persona, the similar ones of an answer. */
export function QuestionChips({
  label,
  questions,
  onAsk,
}: {
  label: string;
  questions: readonly string[];
  onAsk: (question: string) => void;
}) {
  return (
    <ul className="ops-assistant__suggestions" aria-label={label}>
      {questions.map((q) => (
        <li key={q}>
          <button type="button" className="ops-assistant__chip" onClick={() => onAsk(q)}>
            {q}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The user's question; while pending or failed, its icon sends it again. */
export function QuestionItem({
  question,
  onResend,
}: {
  question: ChatMessage;
  onResend: (id: string) => void;
}) {
  const { t } = useTexts(NS);
  return (
    <li className="ops-assistant__message ops-assistant__message--me">
      {canResend(question) && (
        <button
          type="button"
          className={`ops-assistant__status ops-assistant__status--${question.noRes}`}
          aria-label={`${t('resend')}: ${question.text}`}
          title={question.noRes === 'pending' ? t('pending') : t('failed')}
          onClick={() => onResend(question.id)}
        >
          {question.noRes === 'pending' ? '…' : '!'}
        </button>
      )}
      <p className="ops-assistant__bubble">{question.text}</p>
    </li>
  );
}

/**
 * An answer: its reasoning, the text typed out as it streams, stopped or failed; once shown to its end its
 * rating (with the feedback form) and similar questions.
 */
export function AnswerItem({
  answer: m,
  origins,
  revealed,
  onRevealed,
  onAsk,
  feedback,
  actions,
}: {
  answer: ChatMessage;
  origins: readonly string[];
  /** The whole answer has been shown. */
  revealed: boolean;
  onRevealed: (id: string) => void;
  onAsk: (question: string) => void;
  feedback: AnswerFeedback;
  /** What the answer's action blocks may use (the question is the answer's own). */
  actions: Omit<ActionContext, 'question'>;
}) {
  const { t } = useTexts(NS);
  const realData = realDataRows(m.realData);
  return (
    <li className="ops-assistant__message" aria-busy={m.running}>
      <div className="ops-assistant__bubble">
        {m.reasoning && (
          <details className="ops-assistant__reasoning" open={m.running}>
            <summary>{t('reasoning')}</summary>
            <p>{m.reasoning}</p>
          </details>
        )}
        {m.running && !m.text && !m.reasoning && <p className="ops-assistant__muted">{t('thinking')}</p>}
        <Revealed
          text={m.text}
          animate={typesOut(m) && !reducedMotion()}
          ended={!m.running}
          origins={origins}
          onRevealed={() => onRevealed(m.id)}
        />
        {realData.length > 0 && <RealDataTable title={t('action.show_data')} rows={realData} />}
        <ActionBlocks extras={m.extras} ctx={{ ...actions, question: m.query }} selection={m.selection} />
        {m.stopped && <p className="ops-assistant__muted">{t('stopped')}</p>}
        {m.noRes === 'error' && (
          <p className="ops-assistant__error" role="alert">
            {t('failed')}
          </p>
        )}
      </div>
      {canRate(m) && revealed && <Rating answer={m} feedback={feedback} />}
      {feedback.openFor === m.id && <Feedback answer={m} feedback={feedback} />}
      {m.similarQuestion.length > 0 && revealed && (
        <QuestionChips label={t('similar')} questions={m.similarQuestion} onAsk={onAsk} />
      )}
    </li>
  );
}
