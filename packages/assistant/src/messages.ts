/**
 * The chat as data (spec §3 chat message, §4 assistant message): a question and its answer are added
 * pending; the answer streams; both end in success or error. Pure functions over an immutable list.
 */
import type { ExtraItem, StreamedAnswer } from './chunks';

export type MessageStatus = 'pending' | 'success' | 'error';
/** 0 not rated, 1 like, 2 dislike (spec §3 `useful`). */
export type Useful = 0 | 1 | 2;

export interface ChatMessage {
  id: string;
  isMe: boolean;
  text: string;
  reasoning: string;
  noRes: MessageStatus;
  /** The answer is still streaming. */
  running: boolean;
  /** The user stopped it: the part received is kept. */
  stopped: boolean;
  time: string;
  extras: ExtraItem[];
  useful: Useful;
  commit: string;
  chatId: string;
  queryId: string;
  similarQuestion: string[];
  /** The question an answer belongs to (the user message's id). */
  replyTo: string;
  /** The question's text, kept on its answer (an instruct of the answer runs with it). */
  query: string;
  /** The answer continues a choice from a list (spec §3 `isContinuous`). */
  isContinuous: boolean;
  /** The answer's text as it arrived, before any reveal (spec §3 `originalanswer`). */
  originalanswer: string;
  /** Real data the answer carries besides its extras (spec §3 `realData`). */
  realData: unknown[];
  /** What a select_number extra chose, or why it could not. */
  selection: Selection | null;
}

/** The outcome of a select_number extra (DECISIONS 19). */
export type Selection =
  | { ok: true; n: number; text: string }
  | { ok: false; error: 'selectNoChoices' | 'selectNotInteger' | 'selectOutOfRange' };

const base = (id: string, time: string): ChatMessage => ({
  id,
  isMe: false,
  text: '',
  reasoning: '',
  noRes: 'pending',
  running: false,
  stopped: false,
  time,
  extras: [],
  useful: 0,
  commit: '',
  chatId: '',
  queryId: '',
  similarQuestion: [],
  replyTo: '',
  query: '',
  isContinuous: false,
  originalanswer: '',
  realData: [],
  selection: null,
});

/** Adds a question and its answer, both pending; the answer is running. */
export function addExchange(
  list: readonly ChatMessage[],
  ids: { question: string; answer: string },
  text: string,
  time: string,
  isContinuous = false,
): ChatMessage[] {
  return [
    ...list,
    { ...base(ids.question, time), isMe: true, text },
    { ...base(ids.answer, time), running: true, replyTo: ids.question, query: text, isContinuous },
  ];
}

export function patchMessage(
  list: readonly ChatMessage[],
  id: string,
  patch: Partial<ChatMessage>,
): ChatMessage[] {
  return list.map((m) => (m.id === id ? { ...m, ...patch } : m));
}

export type ExchangeEnd = 'success' | 'error' | 'stopped';

/**
 * Ends an exchange: a success or a stop (its partial answer kept) marks the question answered; an error
 * marks both the question (so its icon resends) and the answer, which keeps the part it had (R3).
 */
export function endExchange(list: readonly ChatMessage[], answerId: string, end: ExchangeEnd): ChatMessage[] {
  const answer = list.find((m) => m.id === answerId);
  if (!answer) return [...list];
  const status: MessageStatus = end === 'error' ? 'error' : 'success';
  return list.map((m) => {
    if (m.id === answerId) return { ...m, running: false, noRes: status, stopped: end === 'stopped' };
    if (m.id === answer.replyTo) return { ...m, noRes: status };
    return m;
  });
}

/** What an answer shows of its stream so far; its extras follow a second later (spec §4, `extrasDue`). */
export const answerPatch = (answer: StreamedAnswer): Partial<ChatMessage> => ({
  text: answer.content,
  originalanswer: answer.content,
  reasoning: answer.reasoning,
  realData: answer.realData,
  chatId: answer.chatId,
});

/** Spec §4: extras are attached this long after they arrive. */
export const EXTRAS_DELAY_MS = 1000;

/** Why an answer's stream broke off (its call threw). */
export interface StreamBreak {
  /** The session's socket said the answer failed (frame status -2). */
  socketFailed: boolean;
  /** The user stopped it (or closed the dialog, or switched persona). */
  stopped: boolean;
  /** The mount ended (sign-out, station switch): the dialog is going away. */
  unmounted: boolean;
  /** The message of the server's error event; '' when there was none. */
  streamError: string;
  /** What the call threw. */
  error: unknown;
}

/** What the user is told of a break, besides what the HTTP client has shown of its own. */
export type BreakNotice = { kind: 'stream-error'; message: string } | { kind: 'unexpected'; message: string };

const isCanceled = (error: unknown) =>
  (error as { kind?: string })?.kind === 'canceled' || (error as { name?: string })?.name === 'AbortError';

/**
 * How an exchange whose stream broke off ends: failed on the socket's word, stopped (its part kept) on the
 * user's, untouched once the mount has ended, failed otherwise. The client has shown its own errors (status,
 * timeout, network: they carry a `kind`); the server's error event and anything unexpected are ours to show.
 */
export function streamBreak(cause: StreamBreak): { end: ExchangeEnd | null; notice: BreakNotice | null } {
  if (cause.socketFailed) return { end: 'error', notice: null };
  if (cause.stopped) return { end: 'stopped', notice: null };
  if (cause.unmounted) return { end: null, notice: null };
  if (cause.streamError)
    return { end: 'error', notice: { kind: 'stream-error', message: cause.streamError } };
  const quiet = isCanceled(cause.error) || Boolean((cause.error as { kind?: string })?.kind);
  return { end: 'error', notice: quiet ? null : { kind: 'unexpected', message: String(cause.error) } };
}

/** A reply (or its start) is in progress. */
export const isBusy = (list: readonly ChatMessage[]) => list.some((m) => m.running);

/** Clicking the pending or error icon of a question resends it (spec §4); an answered one does not. */
export const canResend = (m: ChatMessage) => m.isMe && m.noRes !== 'success';

/** The question to send again, with the list without it and its answer; null when it cannot be resent. */
export function takeForResend(
  list: readonly ChatMessage[],
  questionId: string,
): { text: string; rest: ChatMessage[] } | null {
  const question = list.find((m) => m.id === questionId);
  if (!question || !canResend(question)) return null;
  return { text: question.text, rest: list.filter((m) => m.id !== questionId && m.replyTo !== questionId) };
}

/** An answer types out while it streams and once it succeeded; a failed one shows at once what it had. */
export const typesOut = (m: ChatMessage) => m.running || m.noRes === 'success';

/** An answer that ended well, with the id of its chat, can be liked or disliked (once shown to its end). */
export const canRate = (m: ChatMessage) => !m.running && m.noRes === 'success' && m.chatId !== '';

/** What a click on like or dislike does: a dislike without a comment opens the feedback form. */
export function rate(m: ChatMessage, useful: 1 | 2): { useful: Useful; openFeedback: boolean } {
  return { useful, openFeedback: useful === 2 && m.commit === '' };
}

/**
 * The previous answer's list for select_number (DECISIONS 19): the list of the last answer that offered
 * one to choose from (`chooses` tells which functions do).
 */
export function previousChoices(
  list: readonly ChatMessage[],
  chooses: (func: string) => boolean = () => true,
): { func: string; items: unknown[] } | null {
  for (let i = list.length - 1; i >= 0; i--) {
    const m = list[i] as ChatMessage;
    if (m.isMe) continue;
    const withList = m.extras.find((e) => Array.isArray(e.data) && chooses(e.func));
    if (withList) return { func: withList.func, items: withList.data as unknown[] };
  }
  return null;
}

/**
 * How many characters to reveal this frame: one, or more when the stream is further ahead, so the display
 * never falls more than about half a second (30 frames) behind what arrived.
 */
export function revealStep(backlog: number): number {
  if (backlog <= 0) return 0;
  return backlog > 30 ? Math.ceil(backlog / 30) : 1;
}
