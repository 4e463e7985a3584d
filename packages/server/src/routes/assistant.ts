import { randomBytes } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type WebSocket from 'ws';
import type { AppContext } from '../context.ts';
import { type AssistantRepo, assistantRepo } from '../db/repos/assistant.ts';
import { nowText } from '../db/repos/util.ts';
import { latestOf, type SeriesCurve, seriesOf } from '../db/series.ts';
import { me } from '../http/auth.ts';
import { ApiError, badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { language } from '../http/messages.ts';
import { body, oneOf, oneOfInt, query, type RouteApp, str } from '../http/schema.ts';
import {
  type AssistantData,
  answerQuestion,
  type Lang,
  PERSONAS,
  type Persona,
  type StationFacts,
  similarQuestions,
  suggestedQuestions,
} from './assistant-responder.ts';
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

/** Longest question (and message) accepted; a longer one is refused before anything is streamed. */
export const QUESTION_MAX = 8000;
export const FEEDBACK_MAX = 150;
/** Longest socket frame read; a longer one is answered with an error frame. */
const FRAME_MAX = 4096;

const SESSION_ID = Type.String({ pattern: '^[0-9a-f]{32}$' });
const CHAT_ID = Type.String({ pattern: '^chat-[0-9a-f]{24}$' });
const QUERY_ID = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
const PERSONA = oneOf([...PERSONAS]);
const USER_ID = Type.Union([Type.String({ pattern: '^[0-9]{1,18}$' }), Type.Integer({ minimum: 1 })]);

const MESSAGE = Type.Object(
  { role: oneOf(['system', 'user', 'assistant']), content: str(QUESTION_MAX) },
  { additionalProperties: false },
);
const COMPLETIONS = body(
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

const L = (lang: Lang, zh: string, en: string) => (lang === 'en' ? en : zh);
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Beijing-time midnight of the day of `now` (the zone of every seeded time). */
function midnightOf(now: number): number {
  const day = 86_400_000;
  const offset = 8 * 3_600_000;
  return Math.floor((now + offset) / day) * day - offset;
}

/** The responder's view of the caller's data: the tenant's stations, points and the caller's alarms. */
function dataOf(ctx: AppContext, tenantId: string, userId: number): AssistantData {
  const { repos } = ctx;
  const now = ctx.now();
  let stations: StationFacts[] | null = null;
  const all = () => {
    stations ??= repos.depts
      .all(tenantId)
      .filter((d) => d.dept_category === 4 && d.station_id)
      .map((d) => ({
        stationId: d.station_id!,
        name: d.dept_name,
        englishName: /^([A-Za-z]+)/.exec(d.remark ?? '')?.[1] ?? '',
        kind: d.station_id!.startsWith('ES') ? ('storage' as const) : ('hydro' as const),
      }));
    return stations;
  };
  const pointsOf = (stationId: string) => {
    const station = repos.devices.station(tenantId, stationId);
    if (!station) return [];
    const devices = repos.devices.byStation(tenantId, station.id);
    return repos.devices
      .points(
        tenantId,
        devices.map((d) => d.id),
      )
      .map((p) => ({ point: p, device: devices.find((d) => d.id === p.device_id)! }));
  };
  const curveOf = (p: { real_id: string; profile: SeriesCurve['profile'] } & Record<string, unknown>) =>
    ({
      realId: p.real_id,
      profile: p.profile,
      min: p.min_value,
      max: p.max_value,
      noise: p.noise,
      decimals: p.decimals,
    }) as SeriesCurve;
  return {
    stations: all,
    points: (stationId) =>
      pointsOf(stationId).map(({ point, device }) => ({
        realId: point.real_id,
        pointName: point.point_name,
        unit: point.unit,
        deviceName: device.device_name,
        deviceCode: device.device_code,
        value: latestOf(curveOf(point as never), now)?.val ?? null,
      })),
    energyToday(stationId) {
      let mwh = 0;
      for (const { point, device } of pointsOf(stationId)) {
        if (!point.real_id.endsWith('.P') || !['generator', 'pcs'].includes(device.device_type)) continue;
        const { step, points } = seriesOf(curveOf(point as never), {
          from: midnightOf(now),
          to: now,
          now,
          horizonMs: 0,
        });
        for (const p of points) if (p.val > 0) mwh += (p.val * step) / 3_600_000;
      }
      return mwh;
    },
    alarms: () =>
      repos.messages
        .page(tenantId, userId, { businessClassify: 'alarm' }, { current: 1, size: 20 })
        .records.map((m) => ({
          subject: m.subject,
          content: m.content,
          pushTime: m.push_time,
          read: m.status === 1,
        })),
    times: () => ({ now: nowText(now), midnight: nowText(midnightOf(now)) }),
  };
}

/** The open sockets of each chat session: every answer's start and end are pushed to them as type-1 frames. */
class SessionSockets {
  private readonly bySession = new Map<string, Set<WebSocket>>();
  add(sessionId: string, socket: WebSocket) {
    const set = this.bySession.get(sessionId) ?? new Set<WebSocket>();
    this.bySession.set(sessionId, set);
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.bySession.delete(sessionId);
    });
  }
  push(sessionId: string, frame: unknown) {
    const text = JSON.stringify(frame);
    for (const socket of this.bySession.get(sessionId) ?? []) if (socket.readyState === 1) socket.send(text);
  }
}

/**
 * The AI assistant (spec §7): the chat session id, query ids, suggested and similar questions, the streamed
 * chat completions (built-in responder, or an OpenAI-compatible upstream when configured), praise and
 * feedback, and the session's WebSocket (heartbeats answered, answers pushed as type-1 frames).
 */
export async function registerAssistantRoutes(app: RouteApp, ctx: AppContext) {
  const settings: AssistantSettings = { ...DEFAULT_ASSISTANT_SETTINGS, ...ctx.options.assistant };
  const repo = assistantRepo(ctx.repos.db);
  const sockets = new SessionSockets();
  const business = '/api/hzgglm-model-business';
  const interactive = '/api/gglm-big-model/fontEnd/interactive';

  /** The caller's own session; another user's session id is refused as if it did not exist. */
  const ownSession = (request: FastifyRequest, sessionId: string) => {
    const { user, tenantId } = me(request);
    const session = repo.session(sessionId);
    if (!session || session.tenant_id !== tenantId || session.user_id !== user.id)
      throw notFound(L(language(request), '会话不存在或已失效', 'no such chat session'));
    return session;
  };
  const ownAnswer = (request: FastifyRequest, chatId: string, userId?: string | number) => {
    const { user, tenantId } = me(request);
    const lang = language(request);
    if (userId !== undefined && String(userId) !== String(user.id))
      throw forbidden(L(lang, '只能评价自己的回答', 'only your own answers can be rated'));
    const answer = repo.answer(tenantId, user.id, chatId);
    if (!answer) throw notFound(L(lang, '回答不存在', 'no such answer'));
    return answer;
  };

  app.get(
    `${interactive}/getSessionId`,
    { schema: { querystring: query({ type: PERSONA }) } },
    async (request) => {
      const { user, tenantId } = me(request);
      const sessionId = hex(16);
      repo.insertSession({
        session_id: sessionId,
        tenant_id: tenantId,
        user_id: user.id,
        persona: request.query.type ?? 'hydropower',
        create_time: nowText(ctx.now()),
      });
      return { ...ok(sessionId), code: '200' };
    },
  );

  app.get(`${business}/v1/chat/generateQueryId`, { schema: { querystring: query({}) } }, async () =>
    ok(`q${hex(12)}`),
  );

  app.get(
    `${interactive}/questionGenerate`,
    { schema: { querystring: query({ type: PERSONA }) } },
    async (request) => {
      const { user, tenantId } = me(request);
      const persona: Persona = request.query.type ?? 'hydropower';
      return ok(suggestedQuestions(persona, dataOf(ctx, tenantId, user.id), language(request)));
    },
  );

  app.get(
    `${business}/question/similar`,
    { schema: { querystring: query({ chatId: CHAT_ID, userId: USER_ID }, ['chatId']) } },
    async (request) => {
      const answer = ownAnswer(request, request.query.chatId, request.query.userId);
      const session = repo.session(answer.session_id);
      const persona = (session?.persona ?? 'hydropower') as Persona;
      const data = dataOf(ctx, answer.tenant_id, answer.user_id);
      return ok(similarQuestions(answer.question, persona, data, language(request)));
    },
  );

  app.post(
    `${business}/question/praise`,
    {
      schema: {
        body: body(
          {
            chartId: CHAT_ID,
            queryId: QUERY_ID,
            questionId: QUERY_ID,
            praise: oneOfInt([0, 1]),
            userId: USER_ID,
          },
          ['chartId', 'praise'],
        ),
      },
    },
    async (request) => {
      const b = request.body;
      const answer = ownAnswer(request, b.chartId, b.userId);
      repo.praise(answer.chat_id, b.praise);
      return ok({ chatId: answer.chat_id, praise: b.praise });
    },
  );

  app.post(
    `${business}/question/comment`,
    {
      schema: {
        body: body(
          {
            chartId: CHAT_ID,
            questionId: QUERY_ID,
            queryId: QUERY_ID,
            content: str(FEEDBACK_MAX),
            userId: USER_ID,
          },
          ['chartId', 'content'],
        ),
      },
    },
    async (request) => {
      const b = request.body;
      const lang = language(request);
      const content = b.content.trim();
      if (!content) throw badRequest(L(lang, '请填写反馈内容', 'feedback is required'));
      const answer = ownAnswer(request, b.chartId, b.userId);
      repo.comment(answer.chat_id, content);
      return ok({ chatId: answer.chat_id }, L(lang, '感谢您的反馈', 'thank you for your feedback'));
    },
  );

  app.post(
    `${business}/v1/chat/completions`,
    { bodyLimit: 64 * 1024, schema: { body: COMPLETIONS } },
    async (request, reply) => {
      const b = request.body;
      const { user, tenantId } = me(request);
      const lang = language(request);
      const session = ownSession(request, b.conversation_id);
      const last = b.messages[b.messages.length - 1]!;
      if (last.role !== 'user')
        throw badRequest(
          L(lang, 'messages 的最后一条必须是用户的提问', 'the last of messages must be the user’s question'),
        );
      const question = (b.inputs?.query ?? last.content).trim();
      if (!question) throw badRequest(L(lang, '请输入问题', 'the question is empty'));

      const chatId = `chat-${hex(12)}`;
      const queryId = b.inputs?.query_id ?? `q${hex(12)}`;
      const created = Math.floor(ctx.now() / 1000);
      // The client going away stops the answer at once (the responder's pauses, or the upstream request).
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort(new Error('client closed the stream'));
      });

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
          throw new ApiError(
            502,
            L(
              lang,
              `智能助手服务不可用（${start.status || start.detail}）`,
              `the assistant service is unavailable (${start.status || start.detail})`,
            ),
          );
        upstreamBody = start.body;
      }

      repo.insertAnswer({
        chat_id: chatId,
        session_id: session.session_id,
        tenant_id: tenantId,
        user_id: user.id,
        query_id: queryId,
        question,
        create_time: nowText(ctx.now()),
      });
      const frame = (outcome: StreamOutcome | null, extras: unknown[] = []) => ({
        type: 1,
        query: question,
        answer: outcome?.answer ?? '',
        text: outcome?.answer ?? '',
        status: outcome === null ? 0 : outcome.status === 'done' ? 1 : -2,
        running: outcome === null,
        extras,
        id: chatId,
        user_id: String(user.id),
        q_id: queryId,
        chat_id: chatId,
      });
      sockets.push(session.session_id, frame(null));

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
        outcome = await relayUpstream(reply.raw, upstreamBody, gone.signal, (detail) => ({
          code: 502,
          message: L(lang, `智能助手服务中断：${detail}`, `the assistant service broke off: ${detail}`),
        }));
      } else {
        const answer = answerQuestion(
          question,
          dataOf(ctx, tenantId, user.id),
          lang,
          session.persona as Persona,
        );
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
      repo.finishAnswer(chatId, outcome.answer, outcome.status === 'done' ? 1 : -2);
      sockets.push(session.session_id, frame(outcome, extras));
      return reply;
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
      schema: { params: Type.Object({ sessionId: SESSION_ID }) },
      preValidation: async (request) => {
        const { sessionId } = request.params as { sessionId: string };
        if (!repo.session(sessionId))
          throw notFound(L(language(request), '会话不存在或已失效', 'no such chat session'));
      },
    },
    (socket, request) => {
      const { sessionId } = request.params;
      sockets.add(sessionId, socket);
      socket.on('message', (data: WebSocket.Data, isBinary: boolean) => {
        socket.send(JSON.stringify(answerFrame(isBinary ? null : data.toString())));
      });
    },
  );
}

/** The reply to one client frame: a heartbeat (type 0) is echoed; anything else is told what was wrong. */
export function answerFrame(text: string | null): unknown {
  if (text === null) return { type: -1, msg: 'invalid frame: binary frames are not accepted' };
  if (text.length > FRAME_MAX) return { type: -1, msg: `invalid frame: longer than ${FRAME_MAX} characters` };
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return { type: -1, msg: 'invalid frame: not JSON' };
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame))
    return { type: -1, msg: 'invalid frame: not a JSON object' };
  const { type, context } = frame as { type?: unknown; context?: unknown };
  if (type === 0 || type === '0') return { type: 0, context: typeof context === 'string' ? context : 'pong' };
  return { type: -1, msg: 'invalid frame: unknown type' };
}

export type { AssistantRepo };
