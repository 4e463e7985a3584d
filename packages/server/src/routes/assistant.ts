import { randomBytes } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import type { AppContext } from '../context.ts';
import { assistantRepo } from '../db/repos/assistant.ts';
import { nowText } from '../db/repos/util.ts';
import { me } from '../http/auth.ts';
import { ApiError, badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { language, messagesOf } from '../http/messages.ts';
import { query, type RouteApp } from '../http/schema.ts';
import { fromData } from './assistant-data.ts';
import { answerQuestion, type Persona, similarQuestions, suggestedQuestions } from './assistant-responder.ts';
import {
  COMMENT_BODY,
  COMPLETIONS,
  choiceOf,
  PERSONA_QUERY,
  PRAISE_BODY,
  SIMILAR_QUERY,
  SOCKET_PARAMS,
} from './assistant-schemas.ts';
import { type AnswerIds, answerFrame, answerPush, SessionSockets } from './assistant-sockets.ts';
import {
  type AssistantSettings,
  askUpstream,
  DEFAULT_ASSISTANT_SETTINGS,
  eventOf,
  openEventStream,
  relayUpstream,
  type StreamOutcome,
  streamAnswer,
} from './assistant-stream.ts';
import { sendBounded } from './socket-send.ts';
import { sweepEvery } from './sweep.ts';

/**
 * An answer still running after this has lost its instance (docs/decisions.md, issue 30): a built-in one
 * lasts seconds. An upstream's answer streaming longer is marked stopped too; its own end still records it.
 */
export const ANSWER_STALE_MS = 10 * 60_000;
const ANSWER_SWEEP_MS = 60_000;

/** The assistant's refusals and replies, [zh, en]. */
const ASSISTANT_MSG = {
  noSession: ['会话不存在或已失效', 'no such chat session'],
  notYours: ['只能评价自己的回答', 'only your own answers can be rated'],
  noAnswer: ['回答不存在', 'no such answer'],
  noFeedback: ['请填写反馈内容', 'feedback is required'],
  thanks: ['感谢您的反馈', 'thank you for your feedback'],
  lastNotUser: ['messages 的最后一条必须是用户的提问', 'the last of messages must be the user’s question'],
  noQuestion: ['请输入问题', 'the question is empty'],
  unavailable: ['智能助手服务不可用（{cause}）', 'the assistant service is unavailable ({cause})'],
  brokeOff: ['智能助手服务中断：{detail}', 'the assistant service broke off: {detail}'],
  badExtra: [
    'inputs.{field} 不是合法的 JSON（extra 须为对象，extra_list 须为数组）',
    'inputs.{field} is not valid JSON (extra must be an object, extra_list an array)',
  ],
} as const;

const say = messagesOf(ASSISTANT_MSG);
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * The AI assistant (spec §7): the chat session id, query ids, suggested and similar questions, the streamed
 * chat completions (built-in responder, or an OpenAI-compatible upstream when configured), praise and
 * feedback, and the session's WebSocket (heartbeats answered, answers pushed as type-1 frames).
 */
export async function registerAssistantRoutes(app: RouteApp, ctx: AppContext) {
  const settings: AssistantSettings = { ...DEFAULT_ASSISTANT_SETTINGS, ...ctx.options.assistant };
  const repo = assistantRepo(ctx.repos.db);
  const sockets = new SessionSockets(ctx.repos.bus);
  app.addHook('onClose', async () => sockets.close());
  let answering = 0;
  app.decorate('opsAssistantLoad', () => ({ sockets: sockets.count(), answers: answering }));
  // Marked stopped (-2), and its session told: no console shows it running for ever.
  await sweepEvery(app, ANSWER_SWEEP_MS, 'settling interrupted answers', async () => {
    for (const row of await repo.staleAnswers(nowText(ctx.now() - ANSWER_STALE_MS))) {
      if (!(await repo.stopStale(row.chat_id))) continue;
      const ids = { question: row.question, chatId: row.chat_id, queryId: row.query_id, userId: row.user_id };
      await sockets.push(row.session_id, answerPush(ids, { answer: row.answer, status: 'failed' }));
    }
  });
  const business = '/api/hzgglm-model-business';
  const interactive = '/api/gglm-big-model/fontEnd/interactive';

  /** The caller's own session; another user's session id is refused as if it did not exist. */
  const ownSession = async (request: FastifyRequest, sessionId: string) => {
    const { user, tenantId } = me(request);
    const session = await repo.session(sessionId);
    if (!session || session.tenant_id !== tenantId || session.user_id !== user.id)
      throw notFound(say(request, 'noSession'));
    return session;
  };
  const ownAnswer = async (request: FastifyRequest, chatId: string, userId?: string | number) => {
    const { user, tenantId } = me(request);
    if (userId !== undefined && String(userId) !== String(user.id)) throw forbidden(say(request, 'notYours'));
    const answer = await repo.answer(tenantId, user.id, chatId);
    if (!answer) throw notFound(say(request, 'noAnswer'));
    return answer;
  };

  app.get(`${interactive}/getSessionId`, { schema: { querystring: PERSONA_QUERY } }, async (request) => {
    const { user, tenantId } = me(request);
    const sessionId = hex(16);
    await repo.insertSession({
      session_id: sessionId,
      tenant_id: tenantId,
      user_id: user.id,
      persona: request.query.type ?? 'hydropower',
      create_time: nowText(ctx.now()),
    });
    return { ...ok(sessionId), code: '200' };
  });

  app.get(`${business}/v1/chat/generateQueryId`, { schema: { querystring: query({}) } }, async () =>
    ok(`q${hex(12)}`),
  );

  app.get(`${interactive}/questionGenerate`, { schema: { querystring: PERSONA_QUERY } }, async (request) => {
    const { user, tenantId } = me(request);
    const persona: Persona = request.query.type ?? 'hydropower';
    const lang = language(request);
    return ok(await fromData(ctx, tenantId, user.id, (data) => suggestedQuestions(persona, data, lang)));
  });

  app.get(`${business}/question/similar`, { schema: { querystring: SIMILAR_QUERY } }, async (request) => {
    const answer = await ownAnswer(request, request.query.chatId, request.query.userId);
    const session = await repo.session(answer.session_id);
    const persona = (session?.persona ?? 'hydropower') as Persona;
    const lang = language(request);
    return ok(
      await fromData(ctx, answer.tenant_id, answer.user_id, (data) =>
        similarQuestions(answer.question, persona, data, lang),
      ),
    );
  });

  app.post(`${business}/question/praise`, { schema: { body: PRAISE_BODY } }, async (request) => {
    const b = request.body;
    const answer = await ownAnswer(request, b.chartId, b.userId);
    await repo.praise(answer.chat_id, b.praise);
    return ok({ chatId: answer.chat_id, praise: b.praise });
  });

  app.post(`${business}/question/comment`, { schema: { body: COMMENT_BODY } }, async (request) => {
    const b = request.body;
    const content = b.content.trim();
    if (!content) throw badRequest(say(request, 'noFeedback'));
    const answer = await ownAnswer(request, b.chartId, b.userId);
    await repo.comment(answer.chat_id, content);
    return ok({ chatId: answer.chat_id }, say(request, 'thanks'));
  });

  app.post(
    `${business}/v1/chat/completions`,
    { bodyLimit: 64 * 1024, schema: { body: COMPLETIONS } },
    async (request, reply) => {
      const b = request.body;
      const { user, tenantId } = me(request);
      const lang = language(request);
      const session = await ownSession(request, b.conversation_id);
      const last = b.messages[b.messages.length - 1]!;
      if (last.role !== 'user') throw badRequest(say(request, 'lastNotUser'));
      const question = (b.inputs?.query ?? last.content).trim();
      if (!question) throw badRequest(say(request, 'noQuestion'));
      const chosen = choiceOf(b.inputs);
      if (!chosen.ok) throw badRequest(say(request, 'badExtra', { field: chosen.field }));

      const chatId = `chat-${hex(12)}`;
      const queryId = b.inputs?.query_id ?? `q${hex(12)}`;
      const created = Math.floor(ctx.now() / 1000);
      // The client going away stops the answer at once (the responder's pauses, or the upstream request).
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort(new Error('client closed the stream'));
      });
      answering++;
      try {
        let upstreamBody: ReadableStream<Uint8Array> | null = null;
        if (settings.upstreamUrl) {
          const start = await askUpstream(
            settings,
            b.messages.map((m) => ({ role: m.role, content: m.content })),
            gone.signal,
          ).catch((cause: unknown) => {
            if (gone.signal.aborted) return null;
            throw cause;
          });
          if (start === null) return reply.hijack();
          if (!start.ok)
            throw new ApiError(502, say(request, 'unavailable', { cause: start.status || start.detail }));
          upstreamBody = start.body;
        }

        // The built-in answer is composed before anything is written or streamed: a failure is a 500 envelope,
        // never a stream left open.
        const builtIn = upstreamBody
          ? null
          : await fromData(ctx, tenantId, user.id, (data) =>
              answerQuestion(question, data, lang, session.persona as Persona, chosen.choice),
            );
        await repo.insertAnswer({
          chat_id: chatId,
          session_id: session.session_id,
          tenant_id: tenantId,
          user_id: user.id,
          query_id: queryId,
          question,
          create_time: nowText(ctx.now()),
        });
        const ids: AnswerIds = { question, chatId, queryId, userId: user.id };
        await sockets.push(session.session_id, answerPush(ids, null));

        reply.hijack();
        openEventStream(reply.raw);
        let outcome: StreamOutcome;
        let extras: unknown[] = [];
        if (upstreamBody) {
          // One chunk of ours first: its id is the answer's id for praise, comment and similar questions
          // (the client takes the first id it sees); the upstream's events follow as they come.
          reply.raw.write(
            eventOf({
              id: chatId,
              object: 'chat.completion.chunk',
              created,
              model: settings.model,
              choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
            }),
          );
          outcome = await relayUpstream(
            reply.raw,
            upstreamBody,
            gone.signal,
            (detail) => ({ code: 502, message: say(request, 'brokeOff', { detail }) }),
            settings.clientStallMs,
          );
        } else {
          const answer = builtIn!;
          extras = answer.extras;
          outcome = await streamAnswer(reply.raw, answer, {
            chatId,
            created,
            think: b.think === true,
            signal: gone.signal,
            settings,
          }).catch((cause: unknown) => {
            request.log.error({ err: cause }, 'assistant stream failed');
            if (!reply.raw.writableEnded)
              reply.raw.end(eventOf({ error: { code: 500, message: String(cause) } }));
            return { answer: '', status: 'failed' } as StreamOutcome;
          });
        }
        if (gone.signal.aborted && !reply.raw.writableEnded) reply.raw.destroy();
        await repo.finishAnswer(chatId, outcome.answer, outcome.status === 'done' ? 1 : -2);
        await sockets.push(session.session_id, answerPush(ids, outcome, extras));
        return reply;
      } finally {
        answering--;
      }
    },
  );

  // The chat session's socket. Browsers cannot send headers on a socket: its unguessable session id is
  // the credential, checked before the upgrade (an unknown id is refused with 404 and never upgrades).
  if (!app.hasDecorator('websocketServer'))
    await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  app.get(
    '/api/gglm-big-model/websocket/interactive/:sessionId',
    {
      websocket: true,
      config: { auth: 'public' },
      schema: { params: SOCKET_PARAMS },
      preValidation: async (request) => {
        const { sessionId } = request.params as { sessionId: string };
        if (!(await repo.session(sessionId))) throw notFound(say(request, 'noSession'));
      },
    },
    (socket, request) => {
      const { sessionId } = request.params;
      sockets.add(sessionId, socket);
      socket.on('message', (data: WebSocket.Data, isBinary: boolean) => {
        sendBounded(socket, JSON.stringify(answerFrame(isBinary ? null : data.toString())));
      });
    },
  );
}
