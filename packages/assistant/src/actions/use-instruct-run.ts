import { envelopeData } from '@ops/shared';
import { useEffect, useRef, useState } from 'react';
import { ASSISTANT_API } from '../api';
import type { ExtraItem } from '../chunks';
import { emptyAnswer, feedChunk } from '../chunks';
import { directContent, findInstruct, instructRoute, instructsOf, instructWanted } from './instruct';
import type { ActionHost } from './types';

export type InstructRun =
  | { status: 'running'; output: string }
  | { status: 'done'; output: string }
  | { status: 'not-found' | 'blocked' }
  | { status: 'failed'; output: string; message: string };

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

/**
 * Runs the item's instruct once per `attempt` (docs/assistant-actions.md): looked up in the tenant's list,
 * then POSTed to its allowlisted apiUrl or executed by the server as a stream whose text shows as it comes.
 * Leaving (or the mount's end) aborts it.
 */
export function useInstructRun(item: ExtraItem, host: ActionHost, question: string, attempt: number) {
  const [run, setRun] = useState<InstructRun>({ status: 'running', output: '' });
  // An instruct acts (a direct POST may change something): it runs once per item and attempt, never
  // again because the host's props or the question's object changed identity on a re-render.
  const latest = useRef({ host, question });
  latest.current = { host, question };
  useEffect(() => {
    const { host, question } = latest.current;
    // `attempt` is the retry button's counter: each press runs the instruct again.
    void attempt;
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, host.signal]);
    const live = () => !signal.aborted;
    setRun({ status: 'running', output: '' });
    const answer = emptyAnswer();
    (async () => {
      const wanted = instructWanted(item);
      if (!wanted) return setRun({ status: 'not-found' });
      const list = instructsOf(
        envelopeData(await host.http.get(ASSISTANT_API.instructs, { params: { name: wanted.name }, signal })),
      );
      const instruct = findInstruct(list, wanted);
      if (!live()) return;
      if (!instruct) return setRun({ status: 'not-found' });
      const route = instructRoute(instruct, host.config.mediaOrigins, window.location.origin);
      if (route.kind === 'blocked') return setRun({ status: 'blocked' });
      if (route.kind === 'direct') {
        const response = await host.http.post(
          route.url,
          { query: question, params: { instanceId: wanted.instanceId } },
          { signal },
        );
        if (live()) setRun({ status: 'done', output: directContent(response.data) });
        return;
      }
      await host.stream({
        url: ASSISTANT_API.execute,
        body: {
          instructId: instruct.id,
          query: question,
          ...(wanted.instanceId && { instanceId: wanted.instanceId }),
        },
        signal,
        onEvent: (event) => {
          const note = feedChunk(answer, event.data);
          if (note.kind === 'error') throw new Error(note.message);
          setRun({ status: 'running', output: answer.content });
        },
      });
      if (live()) setRun({ status: 'done', output: answer.content });
    })().catch((error: unknown) => {
      if (live()) setRun({ status: 'failed', output: answer.content, message: messageOf(error) });
    });
    return () => controller.abort();
  }, [item, attempt]);
  return run;
}
