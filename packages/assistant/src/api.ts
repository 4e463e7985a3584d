/** The assistant's calls (spec §7), through the host's HTTP client and stream: headers, errors and aborts included. */
import { envelopeData, type HostProps } from '@ops/shared';
import { isFields } from './actions/values';
import type { Persona } from './personas';

export const ASSISTANT_API = {
  sessionId: '/api/gglm-big-model/fontEnd/interactive/getSessionId',
  questionGenerate: '/api/gglm-big-model/fontEnd/interactive/questionGenerate',
  queryId: '/api/hzgglm-model-business/v1/chat/generateQueryId',
  completions: '/api/hzgglm-model-business/v1/chat/completions',
  praise: '/api/hzgglm-model-business/question/praise',
  comment: '/api/hzgglm-model-business/question/comment',
  similar: '/api/hzgglm-model-business/question/similar',
  instructs: '/api/hzgglm-model-business/dataInstruct/list',
  execute: '/api/hzgglm-model-business/dataRecord/execute',
} as const;

/** A list of questions as the server sent it: each as text; anything but a list is none. */
const questionList = (data: unknown): string[] => (Array.isArray(data) ? data.map(String) : []);

/** One question to stream (spec §7 chat completions). */
export interface AskRequest {
  sessionId: string;
  queryId: string;
  question: string;
  think: boolean;
  webSearch: boolean;
  /** The chat's application: the persona (also the `Hzinfo-App-Id` header). */
  persona: Persona;
  /** The stations the question is about: the one the console is on, none on the main site. */
  areas: readonly string[];
  /** The visual system asks for answers shaped for its screens (`show_type` 1). */
  visual: boolean;
  /** The item chosen from a list, with that list (docs/assistant-actions.md). */
  choice?: { item: unknown; list: readonly unknown[] };
}

/** The body's `inputs` (spec §7): a choice goes back as `extra`, with `is_select` and the whole list. */
export function chatInputs(userId: string, request: AskRequest) {
  return {
    user_id: userId,
    query_id: request.queryId,
    app_id: request.persona,
    areas: request.areas,
    client: 0,
    show_type: request.visual ? 1 : 0,
    extra: request.choice ? JSON.stringify(request.choice.item) : '',
    is_select: request.choice ? 1 : 0,
    query: request.question,
    // The list as objects (the server's schema), the chosen item as the JSON string of spec §3's `extra`.
    extra_list: request.choice ? request.choice.list.filter(isFields) : [],
  };
}

type Host = Pick<HostProps, 'http' | 'stream' | 'session' | 'config'>;

export function assistantApi(host: Host) {
  const userId = () => host.session.get().userInfo?.user_id ?? '';
  return {
    sessionId: async (persona: Persona, signal?: AbortSignal) =>
      envelopeData<string>(
        await host.http.get(ASSISTANT_API.sessionId, { params: { type: persona }, signal }),
      ),
    questions: async (persona: Persona, signal?: AbortSignal) =>
      questionList(
        envelopeData<unknown>(
          await host.http.get(ASSISTANT_API.questionGenerate, { params: { type: persona }, signal }),
        ),
      ),
    queryId: async (signal?: AbortSignal) =>
      envelopeData<string>(await host.http.get(ASSISTANT_API.queryId, { signal })),
    praise: async (chatId: string, queryId: string, praise: 0 | 1) =>
      host.http.post(ASSISTANT_API.praise, { chartId: chatId, queryId, questionId: queryId, praise }),
    comment: async (chatId: string, queryId: string, content: string) =>
      host.http.post(ASSISTANT_API.comment, { chartId: chatId, queryId, questionId: queryId, content }),
    similar: async (chatId: string, signal?: AbortSignal) =>
      questionList(
        envelopeData<unknown>(await host.http.get(ASSISTANT_API.similar, { params: { chatId }, signal })),
      ),
    /** Streams one answer; `onEvent` gets each event's data. Resolves with whether `[DONE]` arrived. */
    ask: async (request: AskRequest, onData: (data: string) => void, signal: AbortSignal) => {
      const result = await host.stream({
        url: ASSISTANT_API.completions,
        headers: { 'Hzinfo-App-Id': request.persona },
        body: {
          model: 'ops-assistant',
          stream: true,
          messages: [{ role: 'user', content: request.question }],
          conversation_id: request.sessionId,
          think: request.think,
          web_search: request.webSearch,
          inputs: chatInputs(String(userId()), request),
        },
        signal,
        onEvent: (event) => onData(event.data),
      });
      return result.done;
    },
  };
}

export type AssistantApi = ReturnType<typeof assistantApi>;
