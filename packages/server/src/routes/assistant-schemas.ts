import Type from 'typebox';
import { body, oneOf, oneOfInt, query, str } from '../http/schema.ts';
import { PERSONAS } from './assistant-responder.ts';

/** Longest question (and message) accepted; a longer one is refused before anything is streamed. */
export const QUESTION_MAX = 8000;
export const FEEDBACK_MAX = 150;

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
      areas: Type.Array(str(100), { maxItems: 50 }),
      client: oneOfInt([0, 1]),
      show_type: oneOfInt([0, 1]),
      extra: Type.Union([str(QUESTION_MAX), Type.Object({}), Type.Null()]),
      is_select: Type.Union([Type.Boolean(), oneOfInt([0, 1])]),
      query: str(QUESTION_MAX),
      extra_list: Type.Array(Type.Object({}), { maxItems: 100 }),
    }),
    conversation_id: SESSION_ID,
    think: Type.Boolean(),
    web_search: Type.Boolean(),
  },
  ['messages', 'conversation_id'],
);
