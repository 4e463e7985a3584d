import { message, useTexts } from '@ops/ui';
import { useCallback, useState } from 'react';
import type { AssistantApi } from './api';
import { type ChatMessage, rate } from './messages';
import { NS } from './texts';

export interface AnswerFeedback {
  /** The answer whose feedback form is open, or null. */
  openFor: string | null;
  close: () => void;
  /**
   * Likes (1) or dislikes (2) an answer; the mark shows once the server took it. The dislike is the
   * rating itself (spec §3 useful 2): without a comment yet, the feedback form then opens to add one.
   */
  praise: (answer: ChatMessage, useful: 1 | 2) => Promise<void>;
  /** Adds the comment to a disliked answer, and thanks the user. */
  comment: (answer: ChatMessage, text: string) => Promise<void>;
}

/** Rating the answers (spec §4): like, dislike, and the feedback form of a dislike without a comment. */
export function useFeedback(
  api: AssistantApi,
  patch: (id: string, change: Partial<ChatMessage>) => void,
): AnswerFeedback {
  const { t } = useTexts(NS);
  const [openFor, setOpenFor] = useState<string | null>(null);
  const close = useCallback(() => setOpenFor(null), []);
  const praise = useCallback(
    async (answer: ChatMessage, useful: 1 | 2) => {
      await api.praise(answer.chatId, answer.queryId, useful === 1 ? 1 : 0);
      patch(answer.id, { useful });
      if (rate(answer, useful).openFeedback) setOpenFor(answer.id);
    },
    [api, patch],
  );
  const comment = useCallback(
    async (answer: ChatMessage, text: string) => {
      await api.comment(answer.chatId, answer.queryId, text);
      patch(answer.id, { useful: 2, commit: text });
      message.success(t('feedbackThanks'));
    },
    [api, patch, t],
  );
  return { openFor, close, praise, comment };
}
