import Type, { type Static } from 'typebox';
import { body, oneOf, oneOfInt, query, str } from '../http/schema.ts';
import { PERSONAS } from './assistant-responder.ts';

/** Longest question (and message) accepted; a longer one is refused before anything is streamed. */
export const QUESTION_MAX = 8000;
export const FEEDBACK_MAX = 150;
export const EXTRA_LIST_MAX = 48_000;

const SESSION_ID = Type.String({ pattern: '^[0-9a-f]{32}$' });
const CHAT_ID = Type.String({ pattern: '^chat-[0-9a-f]{24}$' });
const QUERY_ID = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
const USER_ID = Type.Union([Type.String({ pattern: '^[0-9]{1,18}$' }), Type.Integer({ minimum: 1 })]);

/** The persona a session is opened for, and whose questions are suggested. */
export const PERSONA_QUERY = query({ type: oneOf([...PERSONAS]) });
export const SIMILAR_QUERY = query({ chatId: CHAT_ID, userId: USER_ID }, ['chatId']);
export const SOCKET_PARAMS = Type.Object({ sessionId: SESSION_ID });

// The console sends the rated answer's id as `chartId` (sic).
export const PRAISE_BODY = body(
  {
    chartId: CHAT_ID,
    queryId: QUERY_ID,
    questionId: QUERY_ID,
    praise: oneOfInt([0, 1]),
    userId: USER_ID,
  },
  ['chartId', 'praise'],
);
export const COMMENT_BODY = body(
  {
    chartId: CHAT_ID,
    questionId: QUERY_ID,
    queryId: QUERY_ID,
    content: str(FEEDBACK_MAX),
    userId: USER_ID,
  },
  ['chartId', 'content'],
);

const MESSAGE = Type.Object(
  { role: oneOf(['system', 'user', 'assistant']), content: str(QUESTION_MAX) },
  { additionalProperties: false },
);
/** The OpenAI-style chat completions request, with the console's `inputs`. */
export const COMPLETIONS = body(
  {
    model: str(100),
    messages: Type.Array(MESSAGE, { minItems: 1, maxItems: 40 }),
    stream: Type.Boolean(),
    inputs: body({
      user_id: USER_ID,
      query_id: QUERY_ID,
      app_id: str(100),
      areas: Type.Union([str(2000), Type.Array(str(100), { maxItems: 50 })]),
      client: oneOfInt([0, 1]),
      show_type: oneOfInt([0, 1]),
      extra: Type.Union([str(QUESTION_MAX), Type.Object({}), Type.Null()]),
      is_select: Type.Union([Type.Boolean(), oneOfInt([0, 1])]),
      query: str(QUESTION_MAX),
      // The picker's whole list, as the console sends it: a JSON string (or the parsed array).
      extra_list: Type.Union([str(EXTRA_LIST_MAX), Type.Array(Type.Object({}), { maxItems: 100 })]),
    }),
    conversation_id: SESSION_ID,
    think: Type.Boolean(),
    web_search: Type.Boolean(),
  },
  ['messages', 'conversation_id'],
);

type Inputs = NonNullable<Static<typeof COMPLETIONS>['inputs']>;

/**
 * The item chosen from a picker (`inputs.extra` when `is_select`), after checking that `extra` is a JSON
 * object and `extra_list` a JSON array; the field that is not, when one is not (then nothing is answered).
 */
export function choiceOf(
  inputs: Inputs | undefined,
): { ok: true; choice: Record<string, unknown> | null } | { ok: false; field: 'extra' | 'extra_list' } {
  const parse = (text: string) => {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch {
      return null;
    }
  };
  let extra: unknown = inputs?.extra ?? null;
  if (typeof extra === 'string') {
    const parsed = extra.trim() === '' ? { value: null } : parse(extra);
    if (
      !parsed ||
      (parsed.value !== null && (typeof parsed.value !== 'object' || Array.isArray(parsed.value)))
    )
      return { ok: false, field: 'extra' };
    extra = parsed.value;
  }
  if (typeof inputs?.extra_list === 'string' && inputs.extra_list.trim() !== '') {
    const parsed = parse(inputs.extra_list);
    if (!parsed || !Array.isArray(parsed.value)) return { ok: false, field: 'extra_list' };
  }
  const selected = inputs?.is_select === 1 || inputs?.is_select === true;
  return { ok: true, choice: selected && extra ? (extra as Record<string, unknown>) : null };
}
