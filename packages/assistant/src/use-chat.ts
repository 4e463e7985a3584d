import { type HostProps, systemClock, validationMessage } from '@ops/shared';
import { ASSISTANT_TIP_MS, validateQuestion } from '@ops/shared/rules';
import { message, useTexts } from '@ops/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { selectionOf } from './actions/select';
import type { ChosenItem } from './actions/types';
import type { AskRequest, AssistantApi } from './api';
import { badExtraEntry, emptyAnswer, feedChunk, streamComplete } from './chunks';
import {
  addExchange,
  answerPatch,
  type ChatMessage,
  EXTRAS_DELAY_MS,
  type ExchangeEnd,
  endExchange,
  isBusy,
  patchMessage,
  streamBreak,
  takeForResend,
} from './messages';
import type { Persona } from './personas';
import { openAssistantSocket, socketUrl } from './socket';
import { NS } from './texts';

/** The assistant's short warnings (an empty question, a reply in progress) go away after 2 s. */
export const tip = (text: string) => message.warning(text, { duration: ASSISTANT_TIP_MS });

const timeNow = () => new Date().toLocaleTimeString('en-GB', { hour12: false });
let nextId = 0;
const newId = () => `m${++nextId}`;

/** The answer streaming now. */
interface Exchange {
  controller: AbortController;
  answerId: string;
  /** The session's socket said the answer failed (frame status -2). */
  failed: boolean;
}

export interface ChatOptions {
  api: AssistantApi;
  bus: HostProps['bus'];
  /** The mount's signal: its end (sign-out, station switch) aborts the stream (R3). */
  signal: AbortSignal;
  persona: Persona;
  sessionFor: (persona: Persona) => Promise<string>;
  think: boolean;
  webSearch: boolean;
  /** The console's context of a question: the station it is on, and whether the visual system shows. */
  context: () => Pick<AskRequest, 'areas' | 'visual'>;
}

/**
 * The chat (spec §4): the question being written, the messages, and one answer streaming at a time, which
 * the user can stop (its part kept) and the session's socket can fail. Similar questions of an answer are
 * fetched once it ended well.
 */
export function useChat({ api, bus, signal, persona, sessionFor, think, webSearch, context }: ChatOptions) {
  const { t } = useTexts(NS);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const exchange = useRef<Exchange | null>(null);
  // A choice to ask once the answer that made it has ended (select_number), with the list as it is then.
  const [queued, setQueued] = useState<ChosenItem | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);
  /** Spec §4: an answer's extras are attached a second after they arrive. */
  const later = useCallback((run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      run();
    }, EXTRAS_DELAY_MS);
    timers.current.add(timer);
  }, []);

  const stop = useCallback(() => {
    exchange.current?.controller.abort(new DOMException('stopped', 'AbortError'));
    exchange.current = null;
  }, []);
  // Unmounting (sign-out, station switch) aborts the stream (R3).
  useEffect(() => stop, [stop]);

  /** The running answer failed on the socket's word: it ends as failed. */
  const fail = useCallback(() => {
    const running = exchange.current;
    if (!running) return;
    running.failed = true;
    running.controller.abort(new DOMException('failed', 'AbortError'));
  }, []);

  /** Back to an empty chat: the stream aborted, the messages and the draft gone. */
  const clear = useCallback(() => {
    stop();
    for (const timer of timers.current) clearTimeout(timer);
    timers.current.clear();
    setQueued(null);
    setMessages([]);
    setDraft('');
  }, [stop]);

  const patch = useCallback(
    (id: string, change: Partial<ChatMessage>) => setMessages((list) => patchMessage(list, id, change)),
    [],
  );

  const send = useCallback(
    async (text: string, base: ChatMessage[] = messages, choice?: ChosenItem) => {
      const check = validateQuestion(text, isBusy(base));
      if (!check.ok) {
        tip(validationMessage(check));
        return;
      }
      const question = text.trim();
      const ids = { question: newId(), answer: newId() };
      setMessages(addExchange(base, ids, question, timeNow(), Boolean(choice)));
      setDraft('');
      const controller = new AbortController();
      const current: Exchange = { controller, answerId: ids.answer, failed: false };
      exchange.current = current;
      const streamSignal = AbortSignal.any([controller.signal, signal]);
      const answer = emptyAnswer();
      let streamError = '';
      let queryId = '';
      let extrasShown = answer.extras;
      const show = () => {
        patch(ids.answer, answerPatch(answer));
        if (answer.extras === extrasShown) return;
        const extras = answer.extras;
        extrasShown = extras;
        later(() => patch(ids.answer, { extras }));
      };
      const end = (how: ExchangeEnd) => {
        if (exchange.current === current) exchange.current = null;
        setMessages((list) => endExchange(patchMessage(list, ids.answer, { queryId }), ids.answer, how));
      };
      try {
        const sessionId = await sessionFor(persona);
        queryId = await api.queryId(streamSignal);
        const onData = (data: string) => {
          const note = feedChunk(answer, data);
          if (note.kind === 'bad-extra') {
            const at = { url: window.location.href, message: t('badExtra'), time: new Date() };
            bus.publish('error-log:entry', badExtraEntry(note.raw, at));
          }
          if (note.kind === 'error') {
            streamError = note.message;
            throw new Error(note.message);
          }
          show();
        };
        const request: AskRequest = {
          sessionId,
          queryId,
          question,
          think,
          webSearch,
          persona,
          ...context(),
          ...(choice && { choice: { item: choice.item, list: choice.list } }),
        };
        const done = await api.ask(request, onData, streamSignal);
        show();
        const complete = streamComplete(done, answer);
        end(complete ? 'success' : 'error');
        const selected = complete ? selectionOf(answer.extras, base) : null;
        if (selected)
          later(() => {
            patch(ids.answer, { selection: selected.selection });
            if (selected.ask) setQueued(selected.ask);
          });
        if (answer.chatId && complete)
          api.similar(answer.chatId, signal).then(
            (list) => patch(ids.answer, { similarQuestion: list }),
            () => undefined,
          );
      } catch (error) {
        show();
        const broken = streamBreak({
          socketFailed: current.failed,
          stopped: controller.signal.aborted,
          unmounted: signal.aborted,
          streamError,
          error,
        });
        if (broken.end) end(broken.end);
        if (broken.notice?.kind === 'stream-error')
          message.error(t('streamError', { message: broken.notice.message }));
        else if (broken.notice) message.error(broken.notice.message);
      }
    },
    [api, bus, messages, patch, persona, sessionFor, signal, t, think, webSearch, context, later],
  );

  /** A click on a list's item (or a select_number) asks about it; refused while a reply is running. */
  const choose = useCallback(
    (choice: ChosenItem) => {
      if (isBusy(messages)) {
        tip(validationMessage({ error: 'validation.replyInProgress' }));
        return;
      }
      send(choice.text, messages, choice);
    },
    [messages, send],
  );

  useEffect(() => {
    if (!queued || isBusy(messages)) return;
    setQueued(null);
    send(queued.text, messages, queued);
  }, [queued, messages, send]);

  /** A pending or failed question's icon asks it again, in its place at the end. */
  const resend = (id: string) => {
    if (isBusy(messages)) {
      tip(validationMessage({ error: 'validation.replyInProgress' }));
      return;
    }
    const taken = takeForResend(messages, id);
    if (taken) send(taken.text, taken.rest);
  };

  return {
    messages,
    busy: isBusy(messages),
    draft,
    setDraft,
    send,
    choose,
    resend,
    stop,
    fail,
    clear,
    patch,
  };
}

/** The session's socket (spec §7): heartbeats, and a frame with status -2 fails the running answer. */
export function useAnswerSocket(sessionId: string, onFailed: () => void) {
  const failed = useRef(onFailed);
  failed.current = onFailed;
  useEffect(() => {
    if (!sessionId || typeof WebSocket === 'undefined') return;
    const socket = openAssistantSocket({
      url: socketUrl(window.location, sessionId),
      create: (url) => new WebSocket(url),
      clock: systemClock,
      onFrame: (frame) => {
        if (frame.status === -2) failed.current();
      },
    });
    return () => socket.close();
  }, [sessionId]);
}
