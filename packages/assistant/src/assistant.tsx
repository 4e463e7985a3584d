import { type AssistantRequest, type HostProps, systemClock, validationMessage } from '@ops/shared';
import {
  ASSISTANT_TIP_MS,
  FEEDBACK_MAX,
  feedbackCounter,
  validateFeedback,
  validateQuestion,
} from '@ops/shared/rules';
import { message, useTexts } from '@ops/ui';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { assistantApi } from './api';
import { IncrementalBlocks } from './blocks';
import { emptyAnswer, feedChunk, streamComplete } from './chunks';
import { renderMarkdown } from './markdown';
import {
  addExchange,
  type ChatMessage,
  canResend,
  endExchange,
  isBusy,
  patchMessage,
  rate,
  revealStep,
  takeForResend,
} from './messages';
import { DEFAULT_PERSONA, PERSONAS, type Persona, personaSwitch, suggestionsShown } from './personas';
import { openAssistantSocket, socketUrl } from './socket';
import { NS } from './texts';

const timeNow = () => new Date().toLocaleTimeString('en-GB', { hour12: false });
let nextId = 0;
const newId = () => `m${++nextId}`;
const isCanceled = (error: unknown) =>
  (error as { kind?: string })?.kind === 'canceled' || (error as { name?: string })?.name === 'AbortError';

/** A rendered block: the same HTML string is never set again (finished blocks cost nothing per chunk). */
const Block = memo(function Block({ html }: { html: string }) {
  return <div className="ops-assistant__block" dangerouslySetInnerHTML={{ __html: html }} />;
});

function Markdown({ text, origins }: { text: string; origins: readonly string[] }) {
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

/** The answer revealed one character per frame, catching up when the stream runs ahead (spec §4, P6). */
/** The user asked for less motion: an answer shows as it arrives, without the typing effect. */
const reducedMotion = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function Revealed({
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
  const [shown, setShown] = useState(animate ? 0 : text.length);
  const caughtUp = shown >= text.length;
  useEffect(() => {
    if (ended && caughtUp) onRevealed();
  }, [ended, caughtUp, onRevealed]);
  useEffect(() => {
    if (!animate) {
      setShown(text.length);
      return;
    }
    if (shown >= text.length) return;
    const frame = requestAnimationFrame(() =>
      setShown((n) => Math.min(text.length, n + revealStep(text.length - n))),
    );
    return () => cancelAnimationFrame(frame);
  }, [animate, shown, text]);
  return <Markdown text={text.slice(0, shown)} origins={origins} />;
}

function Feedback({
  onSubmit,
  onCancel,
}: {
  onSubmit: (text: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const { t } = useTexts(NS);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const count = feedbackCounter(text);
  const submit = async () => {
    const result = validateFeedback(text);
    if (!result.ok) {
      setError(validationMessage(result));
      return;
    }
    setSending(true);
    const ok = await onSubmit(text.trim());
    setSending(false);
    if (ok) onCancel();
  };
  return (
    <section className="ops-assistant__feedback" role="dialog" aria-label={t('feedback')}>
      <label className="ops-assistant__feedback-label">
        {t('feedbackLabel')}
        <textarea
          value={text}
          maxLength={FEEDBACK_MAX}
          rows={3}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError('');
          }}
        />
      </label>
      <div className="ops-assistant__feedback-row">
        <span className="ops-assistant__counter" aria-live="polite">
          {count.text}
        </span>
        {error && (
          <span className="ops-assistant__error" role="alert">
            {error}
          </span>
        )}
        <button type="button" onClick={onCancel}>
          {t('cancel')}
        </button>
        <button type="button" className="ops-assistant__primary" disabled={sending} onClick={submit}>
          {t('submit')}
        </button>
      </div>
    </section>
  );
}

interface Exchange {
  controller: AbortController;
  answerId: string;
  /** The session's socket said the answer failed (frame status -2). */
  failed: boolean;
}

/**
 * The AI assistant's dialog (spec §2, §4): personas, suggested questions, the streamed chat with reasoning,
 * stop, resend, like/dislike with feedback and similar questions; small or full screen. It opens when the
 * parcel mounts (the shell mounts it on the robot's first click) and on every later `assistant:open`.
 */
export function Assistant(props: HostProps & { mode?: 'page' }) {
  const page = props.mode === 'page';
  const { t } = useTexts(NS);
  const api = useMemo(() => assistantApi(props), [props]);
  const origins = props.config.mediaOrigins;
  const [open, setOpen] = useState(true);
  const [fullScreenChosen, setFullScreen] = useState(false);
  // The /intelligentSpeech/transmit page hosts the chat as a full page: always open, never closed.
  const fullScreen = page || fullScreenChosen;
  const [persona, setPersona] = useState<Persona>(DEFAULT_PERSONA);
  const [sessionId, setSessionId] = useState('');
  const [sessionLoading, setSessionLoading] = useState(false);
  const [questions, setQuestions] = useState<string[]>([]);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState('');
  const [think, setThink] = useState(false);
  const [webSearch, setWebSearch] = useState(false);
  const [feedbackFor, setFeedbackFor] = useState<string | null>(null);
  // Answers shown to their end: their rating and similar questions appear only then.
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());
  const markRevealed = useCallback(
    (id: string) => setRevealed((set) => (set.has(id) ? set : new Set(set).add(id))),
    [],
  );
  const exchange = useRef<Exchange | null>(null);
  const session = useRef<{ persona: Persona; id: Promise<string> } | null>(null);
  const listRef = useRef<HTMLOListElement | null>(null);
  const busy = isBusy(messages);

  const stopStream = useCallback(() => {
    exchange.current?.controller.abort(new DOMException('stopped', 'AbortError'));
    exchange.current = null;
  }, []);

  /** Everything back to the start (closing, persona switch): the stream aborted, the session forgotten. */
  const reset = useCallback(() => {
    stopStream();
    session.current = null;
    setSessionId('');
    setSessionLoading(false);
    setMessages([]);
    setInput('');
    setFeedbackFor(null);
  }, [stopStream]);

  // Unmounting (sign-out, station switch) aborts the stream with the mount's signal (R3).
  useEffect(() => stopStream, [stopStream]);

  const sessionFor = useCallback(
    (who: Persona) => {
      if (session.current?.persona === who) return session.current.id;
      setSessionLoading(true);
      const id = api.sessionId(who, props.signal).then(
        (value) => {
          if (session.current?.id === id) {
            setSessionId(value);
            setSessionLoading(false);
          }
          return value;
        },
        (error: unknown) => {
          if (session.current?.id === id) {
            session.current = null;
            setSessionLoading(false);
          }
          throw error;
        },
      );
      session.current = { persona: who, id };
      return id;
    },
    [api, props.signal],
  );

  // Suggested questions of the persona while the dialog is open.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, props.signal]);
    api.questions(persona, signal).then(
      (list) => setQuestions(Array.isArray(list) ? list.map(String) : []),
      () => setQuestions([]),
    );
    sessionFor(persona).catch(() => undefined);
    return () => controller.abort();
  }, [api, open, persona, props.signal, sessionFor]);

  const send = useCallback(
    async (text: string, base: ChatMessage[] = messages) => {
      const check = validateQuestion(text, isBusy(base));
      if (!check.ok) {
        message.warning(validationMessage(check), { duration: ASSISTANT_TIP_MS });
        return;
      }
      const question = text.trim();
      const ids = { question: newId(), answer: newId() };
      setMessages(addExchange(base, ids, question, timeNow()));
      setInput('');
      const controller = new AbortController();
      const current: Exchange = { controller, answerId: ids.answer, failed: false };
      exchange.current = current;
      const signal = AbortSignal.any([controller.signal, props.signal]);
      const answer = emptyAnswer();
      let streamError = '';
      const show = () =>
        setMessages((list) =>
          patchMessage(list, ids.answer, {
            text: answer.content,
            reasoning: answer.reasoning,
            extras: answer.extras,
            chatId: answer.chatId,
          }),
        );
      const end = (how: 'success' | 'error' | 'stopped', queryId = '') => {
        if (exchange.current?.answerId === ids.answer) exchange.current = null;
        setMessages((list) => endExchange(patchMessage(list, ids.answer, { queryId }), ids.answer, how));
      };
      let queryId = '';
      try {
        const sid = await sessionFor(persona);
        queryId = await api.queryId(signal);
        const done = await api.ask(
          { sessionId: sid, queryId, question, think, webSearch },
          (data) => {
            const note = feedChunk(answer, data);
            if (note.kind === 'bad-extra') {
              props.bus.publish('error-log:entry', {
                type: 'assistant-extra',
                url: window.location.href,
                message: t('badExtra'),
                stack: '',
                info: note.raw.slice(0, 500),
                time: new Date().toISOString(),
              });
            }
            if (note.kind === 'error') {
              streamError = note.message;
              throw new Error(note.message);
            }
            show();
          },
          signal,
        );
        show();
        end(streamComplete(done, answer) ? 'success' : 'error', queryId);
        if (answer.chatId && streamComplete(done, answer))
          api.similar(answer.chatId, props.signal).then(
            (list) =>
              setMessages((current) =>
                patchMessage(current, ids.answer, {
                  similarQuestion: Array.isArray(list) ? list.map(String) : [],
                }),
              ),
            () => undefined,
          );
      } catch (error) {
        show();
        if (current.failed) {
          end('error', queryId);
          return;
        }
        if (controller.signal.aborted) {
          end('stopped', queryId);
          return;
        }
        if (props.signal.aborted) return;
        end('error', queryId);
        // The client has shown its own errors (status, timeout, network); the server's error event is ours.
        if (streamError) message.error(t('streamError', { message: streamError }));
        else if (!isCanceled(error) && !(error as { kind?: string })?.kind) message.error(String(error));
      }
    },
    [api, messages, persona, props.bus, props.signal, sessionFor, t, think, webSearch],
  );

  // The session's socket (spec §7): heartbeats, and a frame with status -2 ends the answer as failed.
  useEffect(() => {
    if (!open || !sessionId || typeof WebSocket === 'undefined') return;
    const socket = openAssistantSocket({
      url: socketUrl(window.location, sessionId),
      create: (url) => new WebSocket(url),
      clock: systemClock,
      onFrame: (frame) => {
        const running = exchange.current;
        if (frame.status !== -2 || !running) return;
        running.failed = true;
        running.controller.abort(new DOMException('failed', 'AbortError'));
      },
    });
    return () => socket.close();
  }, [open, sessionId]);

  // Later `assistant:open` requests (the robot clicked again, a page asking a question).
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    const sub = props.bus.subscribe('assistant:open', (request: AssistantRequest) => {
      setOpen(true);
      if (request.fullScreen !== undefined) setFullScreen(request.fullScreen);
      if (request.question) sendRef.current(request.question);
    });
    return () => sub.unsubscribe();
  }, [props.bus]);

  const close = () => {
    reset();
    setFullScreen(false);
    setOpen(false);
  };

  const choosePersona = (next: Persona) => {
    const decision = personaSwitch(persona, next, { replying: busy, sessionLoading });
    if (decision === 'busy') {
      message.warning(t('personaBusy'), { duration: ASSISTANT_TIP_MS });
      return;
    }
    if (decision === 'same') return;
    reset();
    setPersona(next);
  };

  const resend = (id: string) => {
    if (busy) {
      message.warning(validationMessage({ error: 'validation.replyInProgress' }), {
        duration: ASSISTANT_TIP_MS,
      });
      return;
    }
    const taken = takeForResend(messages, id);
    if (taken) send(taken.text, taken.rest);
  };

  const onRate = async (m: ChatMessage, useful: 1 | 2) => {
    const decision = rate(m, useful);
    if (decision.openFeedback) {
      setFeedbackFor(m.id);
      return;
    }
    try {
      await api.praise(m.chatId, m.queryId, useful === 1 ? 1 : 0);
      setMessages((list) => patchMessage(list, m.id, { useful }));
    } catch {
      // The client has shown the server's message.
    }
  };

  const submitFeedback = async (m: ChatMessage, text: string) => {
    try {
      await api.comment(m.chatId, m.queryId, text);
      setMessages((list) => patchMessage(list, m.id, { useful: 2, commit: text }));
      message.success(t('feedbackThanks'));
      return true;
    } catch {
      return false;
    }
  };

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  });

  if (!open) return null;
  const shownQuestions = suggestionsShown(questions, fullScreen);
  return (
    <section
      className={`ops-assistant${page ? ' ops-assistant--page' : fullScreen ? ' ops-assistant--full' : ''}`}
      role="dialog"
      aria-label={t('label')}
      aria-busy={busy || sessionLoading}
    >
      <header className="ops-assistant__header">
        <h2 className="ops-assistant__title">{t('label')}</h2>
        <fieldset className="ops-assistant__personas" aria-label={t('personas')}>
          {PERSONAS.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={p === persona}
              className="ops-assistant__persona"
              onClick={() => choosePersona(p)}
            >
              {t(p)}
            </button>
          ))}
        </fieldset>
        {!page && (
          <>
            <button type="button" className="ops-assistant__icon" onClick={() => setFullScreen((v) => !v)}>
              {fullScreen ? t('exitFullScreen') : t('fullScreen')}
            </button>
            <button type="button" className="ops-assistant__icon" aria-label={t('close')} onClick={close}>
              ×
            </button>
          </>
        )}
      </header>

      <ol className="ops-assistant__messages" aria-label={t('messages')} ref={listRef}>
        <li className="ops-assistant__intro">
          <p>{t('greeting', { persona: t(persona) })}</p>
          {sessionLoading && <p className="ops-assistant__muted">{t('sessionLoading')}</p>}
          {messages.length === 0 && shownQuestions.length > 0 && (
            <ul className="ops-assistant__suggestions" aria-label={t('suggestions')}>
              {shownQuestions.map((q) => (
                <li key={q}>
                  <button type="button" className="ops-assistant__chip" onClick={() => send(q)}>
                    {q}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
        {messages.map((m) =>
          m.isMe ? (
            <li key={m.id} className="ops-assistant__message ops-assistant__message--me">
              {canResend(m) && (
                <button
                  type="button"
                  className={`ops-assistant__status ops-assistant__status--${m.noRes}`}
                  aria-label={`${t('resend')}: ${m.text}`}
                  title={m.noRes === 'pending' ? t('pending') : t('failed')}
                  onClick={() => resend(m.id)}
                >
                  {m.noRes === 'pending' ? '…' : '!'}
                </button>
              )}
              <p className="ops-assistant__bubble">{m.text}</p>
            </li>
          ) : (
            <li key={m.id} className="ops-assistant__message" aria-busy={m.running}>
              <div className="ops-assistant__bubble">
                {m.reasoning && (
                  <details className="ops-assistant__reasoning" open={m.running}>
                    <summary>{t('reasoning')}</summary>
                    <p>{m.reasoning}</p>
                  </details>
                )}
                {m.running && !m.text && !m.reasoning && (
                  <p className="ops-assistant__muted">{t('thinking')}</p>
                )}
                <Revealed
                  text={m.text}
                  animate={(m.running || m.noRes === 'success') && !reducedMotion()}
                  ended={!m.running}
                  origins={origins}
                  onRevealed={() => markRevealed(m.id)}
                />
                {m.stopped && <p className="ops-assistant__muted">{t('stopped')}</p>}
                {m.noRes === 'error' && (
                  <p className="ops-assistant__error" role="alert">
                    {t('failed')}
                  </p>
                )}
              </div>
              {!m.running && m.noRes === 'success' && m.chatId && revealed.has(m.id) && (
                <div className="ops-assistant__rating">
                  <button type="button" aria-pressed={m.useful === 1} onClick={() => onRate(m, 1)}>
                    {t('like')}
                  </button>
                  <button type="button" aria-pressed={m.useful === 2} onClick={() => onRate(m, 2)}>
                    {t('dislike')}
                  </button>
                </div>
              )}
              {feedbackFor === m.id && (
                <Feedback
                  onSubmit={(text) => submitFeedback(m, text)}
                  onCancel={() => setFeedbackFor(null)}
                />
              )}
              {m.similarQuestion.length > 0 && revealed.has(m.id) && (
                <ul className="ops-assistant__suggestions" aria-label={t('similar')}>
                  {m.similarQuestion.map((q) => (
                    <li key={q}>
                      <button type="button" className="ops-assistant__chip" onClick={() => send(q)}>
                        {q}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ),
        )}
      </ol>

      <footer className="ops-assistant__footer">
        {fullScreen && (
          <div className="ops-assistant__toggles">
            <label>
              <input type="checkbox" checked={think} onChange={(e) => setThink(e.target.checked)} />
              {t('think')}
            </label>
            <label>
              <input type="checkbox" checked={webSearch} onChange={(e) => setWebSearch(e.target.checked)} />
              {t('webSearch')}
            </label>
          </div>
        )}
        <div className="ops-assistant__compose">
          <textarea
            aria-label={t('question')}
            placeholder={t('placeholder')}
            value={input}
            rows={fullScreen ? 3 : 2}
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send(input);
              }
            }}
          />
          {busy ? (
            <button type="button" className="ops-assistant__primary" onClick={stopStream}>
              {t('stop')}
            </button>
          ) : (
            <button type="button" className="ops-assistant__primary" onClick={() => send(input)}>
              {t('send')}
            </button>
          )}
        </div>
      </footer>
    </section>
  );
}
