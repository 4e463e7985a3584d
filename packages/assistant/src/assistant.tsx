import { type AssistantRequest, type HostProps, KEYS, sanitizeInput } from '@ops/shared';
import { useTexts, warmUpCharts } from '@ops/ui';
import { LanguageMenu } from '@ops/ui/load';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { assistantApi } from './api';
import { AnswerItem, QuestionChips, QuestionItem } from './message-item';
import { DEFAULT_PERSONA, PERSONAS, type Persona, personaSwitch, suggestionsShown } from './personas';
import { NS } from './texts';
import { tip, useAnswerSocket, useChat } from './use-chat';
import { useFeedback } from './use-feedback';
import { useNarrow } from './use-narrow';
import { useRevealedAnswers } from './use-reveal';
import { useSession, useSuggestions } from './use-session';
import { useStickToBottom } from './use-stick-to-bottom';
import { VoiceButton } from './voice/voice-button';

/**
 * The AI assistant's dialog (spec §2, §4): personas, suggested questions, the streamed chat with reasoning,
 * stop, resend, like/dislike with feedback and similar questions; small or full screen. It opens when the
 * parcel mounts (the shell mounts it on the robot's first click) and on every later `assistant:open`.
 */
export function Assistant(props: HostProps & { mode?: 'page' }) {
  const page = props.mode === 'page';
  const { t, lang } = useTexts(NS);
  const api = useMemo(() => assistantApi(props), [props]);
  const [open, setOpen] = useState(true);
  const [fullScreenChosen, setFullScreen] = useState(false);
  // The /intelligentSpeech/transmit page hosts the chat as a full page: always open, never closed.
  const fullScreen = page || fullScreenChosen;
  const [persona, setPersona] = useState<Persona>(DEFAULT_PERSONA);
  const [think, setThink] = useState(false);
  const [webSearch, setWebSearch] = useState(false);
  const session = useSession(api, props.signal);
  const { sessionFor } = session;
  const questions = useSuggestions(api, { persona, open, language: lang, signal: props.signal, sessionFor });
  const context = useCallback(() => questionContext(props), [props]);
  const chat = useChat({
    api,
    bus: props.bus,
    signal: props.signal,
    persona,
    sessionFor,
    think,
    webSearch,
    context,
  });
  const actions = useMemo(
    () => ({ host: props, choose: chat.choose, busy: chat.busy }),
    [props, chat.choose, chat.busy],
  );
  const feedback = useFeedback(api, chat.patch);
  useChartsReady(open, chat.busy);
  const revealed = useRevealedAnswers();
  useAnswerSocket(open ? session.id : '', chat.fail);
  // Each opening (the mount, every later request): the focus moves into the question box.
  const [openings, setOpenings] = useState(1);
  useOpenRequests(props.bus, (request) => {
    setOpen(true);
    setOpenings((n) => n + 1);
    if (request.fullScreen !== undefined) setFullScreen(request.fullScreen);
    if (request.question) chat.send(request.question);
  });

  /** Everything back to the start (closing, persona switch): the stream aborted, the session forgotten. */
  const reset = () => {
    chat.clear();
    session.forget();
    feedback.close();
  };

  const close = () => {
    reset();
    setFullScreen(false);
    setOpen(false);
    // Back to what opened it (the robot), else a keyboard user's focus falls to the page's start.
    opener.current?.focus();
    opener.current = null;
  };

  const choosePersona = (next: Persona) => {
    const decision = personaSwitch(persona, next, { replying: chat.busy, sessionLoading: session.loading });
    if (decision === 'busy') {
      tip(t('personaBusy'));
      return;
    }
    if (decision === 'same') return;
    reset();
    setPersona(next);
  };

  const listRef = useRef<HTMLOListElement | null>(null);
  const dialogRef = useRef<HTMLElement | null>(null);
  const questionRef = useRef<HTMLTextAreaElement | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Opened as a dialog (not the page), the focus moves into it, to the question box; what had it before
  // (the robot) gets it back on close.
  useEffect(() => {
    if (!open || page) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && !dialogRef.current?.contains(active))
      opener.current = active;
    questionRef.current?.focus();
  }, [open, page, openings]);
  const narrow = useNarrow(dialogRef, open);
  // Closed, the list is gone: -1 makes a reopened dialog follow its new list.
  useStickToBottom(listRef, open ? chat.messages.length : -1);

  if (!open) return null;
  const shownQuestions = suggestionsShown(questions, fullScreen);
  return (
    <section
      ref={dialogRef}
      className={`ops-assistant${page ? ' ops-assistant--page' : fullScreen ? ' ops-assistant--full' : ''}${narrow ? ' ops-assistant--narrow' : ''}`}
      role="dialog"
      aria-label={t('label')}
      aria-busy={chat.busy || session.loading}
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
        <LanguageMenu
          language={props.language}
          http={props.http}
          tenantId={props.session.get().tenantId ?? ''}
          className="ops-assistant__icon"
        />
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
          {session.loading && <p className="ops-assistant__muted">{t('sessionLoading')}</p>}
          {chat.messages.length === 0 && shownQuestions.length > 0 && (
            <QuestionChips label={t('suggestions')} questions={shownQuestions} onAsk={(q) => chat.send(q)} />
          )}
        </li>
        {chat.messages.map((m) =>
          m.isMe ? (
            <QuestionItem key={m.id} question={m} onResend={chat.resend} />
          ) : (
            <AnswerItem
              key={m.id}
              answer={m}
              origins={props.config.mediaOrigins}
              revealed={revealed.has(m.id)}
              onRevealed={revealed.mark}
              onAsk={(q) => chat.send(q)}
              feedback={feedback}
              actions={actions}
            />
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
            ref={questionRef}
            aria-label={t('question')}
            placeholder={t('placeholder')}
            value={chat.draft}
            rows={fullScreen ? 3 : 2}
            // Spec §5 (docs/decisions.md): a question keeps its symbols but loses angle brackets.
            onChange={(e) => chat.setDraft(sanitizeInput(e.target.value, 'allow-input'))}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                chat.send(chat.draft);
              }
            }}
          />
          <VoiceButton key={persona} speech={props.config.speech} onText={chat.setDraft} onSend={chat.send} />
          {chat.busy ? (
            <button type="button" className="ops-assistant__primary" onClick={chat.stop}>
              {t('stop')}
            </button>
          ) : (
            <button type="button" className="ops-assistant__primary" onClick={() => chat.send(chat.draft)}>
              {t('send')}
            </button>
          )}
        </div>
      </footer>
    </section>
  );
}

/** Later `assistant:open` requests (the robot clicked again, a page asking a question). */
function useOpenRequests(bus: HostProps['bus'], onRequest: (request: AssistantRequest) => void) {
  const latest = useRef(onRequest);
  latest.current = onRequest;
  useEffect(() => {
    const sub = bus.subscribe('assistant:open', (request: AssistantRequest) => latest.current(request));
    return () => sub.unsubscribe();
  }, [bus]);
}

/**
 * What a question carries of the console (spec §7 `inputs`): the station the console is on (none on the
 * main site), and whether this tab shows the visual system (`show_type` 1).
 */
function questionContext(host: HostProps) {
  const station = host.bus.current('station');
  const system = host.storage.get(KEYS.systemType) as { type?: string } | null | undefined;
  return { areas: station?.stationId ? [station.stationId] : [], visual: system?.type === 'visual' };
}

/**
 * Answers may carry charts (history_data). A page's first chart costs two long tasks, the library's
 * evaluation and its first draw; both are done ahead, at an idle moment once the dialog has been open a
 * second and no answer streams (checked again just before each), rather than mid-stream (QUALITY P6).
 * A dialog opened and closed at once loads nothing.
 */
function useChartsReady(open: boolean, busy: boolean) {
  const busyNow = useRef(busy);
  busyNow.current = busy;
  useEffect(() => {
    if (!open || busy || charts.warm) return;
    const warmUp = () => {
      if (busyNow.current || charts.warm) return;
      charts.warm = warmUpCharts().catch(() => {
        charts.warm = null;
      });
    };
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUp);
      else warmUp();
    }, WARM_UP_AFTER_MS);
    return () => clearTimeout(timer);
  }, [open, busy]);
}

/** The dialog has been open and quiet this long before the chart library is loaded and warmed up. */
const WARM_UP_AFTER_MS = 1000;

/** The page's chart warm-up (once per page, whichever dialog did it). */
const charts: { warm: Promise<void> | null } = { warm: null };
