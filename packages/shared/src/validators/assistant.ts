import {
  type Counter,
  counter,
  fail,
  firstFailure,
  isBlank,
  maxLength,
  OK,
  required,
  type ValidationResult,
} from './result';

export const FEEDBACK_MAX = 150;
/** How long the assistant's tips (empty question, reply in progress) stay visible. */
export const ASSISTANT_TIP_MS = 2000;

/**
 * A question is sent only when it has visible text and no reply is streaming. The failure is a tip
 * shown for 2 s; the question stays in the input.
 */
export function validateQuestion(text: string | null | undefined, replying = false): ValidationResult {
  if (isBlank(text)) return fail('validation.questionEmpty');
  return replying ? fail('validation.replyInProgress') : OK;
}

/** Feedback on a disliked answer: some text, at most 150 characters. */
export function validateFeedback(text: string | null | undefined): ValidationResult {
  return firstFailure(
    () => required(text, 'feedback'),
    () => maxLength(text, FEEDBACK_MAX, 'feedback'),
  );
}

export const feedbackCounter = (text: string | null | undefined): Counter => counter(text, FEEDBACK_MAX);
