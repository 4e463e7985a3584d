import { randomBytes } from 'node:crypto';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { nowText } from '../db/repos/util.ts';
import { canvasesOf, drawingOf, faultsOf, faultTime } from '../db/seed-assistant.ts';
import { INSTRUCT_DEMO_PATH, instructsOf, instructTenant } from '../db/seed-assistant-docs.ts';
import { latestOf } from '../db/series.ts';
import { me } from '../http/auth.ts';
import { notFound, ok } from '../http/envelope.ts';
import { language, messagesOf } from '../http/messages.ts';
import { body, query, type RouteApp, str } from '../http/schema.ts';
import { seedStationOf, stationOfSeedId, storageTenant } from './assistant-actions-data.ts';
import { fromData } from './assistant-data.ts';
import { instructOutput } from './assistant-instructs.ts';
import { QUESTION_MAX } from './assistant-schemas.ts';
import {
  type AssistantSettings,
  DEFAULT_ASSISTANT_SETTINGS,
  openEventStream,
  streamAnswer,
} from './assistant-stream.ts';
import { curveOf } from './device-model.ts';

const SEED_ID = Type.String({ pattern: '^[1-9][0-9]{1,18}$' });
const INSTRUCT_ID = Type.String({ pattern: '^[0-9]{8}$' });
const STATION_ID = Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$' });
const INSTANCE_ID = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });

const MSG = {
  noCanvas: ['画面不存在', 'no such canvas'],
  noInstruct: ['指令不存在', 'no such instruct'],
  noFault: ['故障记录不存在', 'no such fault'],
} as const;
const say = messagesOf(MSG);

export const EXECUTE_BODY = body(
  { instructId: INSTRUCT_ID, query: str(QUESTION_MAX), instanceId: INSTANCE_ID },
  ['instructId'],
);
const DEMO_BODY = body({
  query: str(QUESTION_MAX),
  params: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 20 }),
});

/**
 * The calls of the assistant's action blocks (docs/assistant-actions.md "Calls the blocks make"): a SCADA
 * canvas with its bound points' latest values, the tenant's data instructs, an instruct's streamed run,
 * the demo instruct reached by its `apiUrl`, and a fault's diagnosis process. Another tenant's id is a 404.
 */
export function registerAssistantBusinessRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const business = '/api/hzgglm-model-business';
  const settings: AssistantSettings = { ...DEFAULT_ASSISTANT_SETTINGS, ...ctx.options.assistant };
  const instructOf = async (tenantId: string, id: string) =>
    instructTenant(id) === tenantId
      ? instructsOf(tenantId, await storageTenant(ctx, tenantId)).find((i) => i.id === id)
      : undefined;

  app.get(
    '/api/hzinfo-data-scada/scada/canvas/getCanvasById',
    { schema: { querystring: query({ id: SEED_ID }, ['id']) } },
    async (request) => {
      const { tenantId } = me(request);
      const { id } = request.query;
      const row = await stationOfSeedId(ctx, tenantId, id);
      const station = row ? seedStationOf(row) : null;
      const canvas = station ? canvasesOf(station).find((c) => c.canvasId === id) : undefined;
      if (!row || !station || !canvas) throw notFound(say(request, 'noCanvas'));
      const devices = await repos.devices.byStation(tenantId, row.id);
      const points = await repos.devices.points(
        tenantId,
        devices.map((d) => d.id),
      );
      const refs = points.map((p) => ({ realId: p.real_id, pointName: p.point_name, unit: p.unit }));
      const drawing = drawingOf(station, canvas.kind, refs);
      const now = ctx.now();
      const values: Record<string, number | null> = {};
      for (const element of drawing.elements) {
        if (element.kind !== 'value') continue;
        const point = points.find((p) => p.real_id === element.realId);
        values[element.realId] = point ? (latestOf(curveOf(point), now)?.val ?? null) : null;
      }
      return ok({
        id: canvas.canvasId,
        name: canvas.name,
        stationId: station.stationId,
        station_name: station.name,
        ...drawing,
        values,
      });
    },
  );

  app.get(
    `${business}/dataInstruct/list`,
    { schema: { querystring: query({ name: str(100) }) } },
    async (request) => {
      const { tenantId } = me(request);
      const name = request.query.name?.trim() ?? '';
      return ok(
        instructsOf(tenantId, await storageTenant(ctx, tenantId))
          .filter((i) => !name || i.name.includes(name) || i.englishName.includes(name.toLowerCase()))
          .map((i) => ({ id: i.id, name: i.name, description: i.description, apiUrl: i.apiUrl })),
      );
    },
  );

  app.post(`${business}/dataRecord/execute`, { schema: { body: EXECUTE_BODY } }, async (request, reply) => {
    const { user, tenantId } = me(request);
    const b = request.body;
    const instruct = await instructOf(tenantId, b.instructId);
    if (!instruct) throw notFound(say(request, 'noInstruct'));
    const lang = language(request);
    const content = await fromData(ctx, tenantId, user.id, (data) =>
      instructOutput(instruct.kind, data, lang, b.query ?? '', b.instanceId),
    );
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone.abort(new Error('client closed the stream'));
    });
    reply.hijack();
    openEventStream(reply.raw);
    await streamAnswer(
      reply.raw,
      { reasoning: '', content, extras: [] },
      {
        chatId: `exec-${randomBytes(12).toString('hex')}`,
        created: Math.floor(ctx.now() / 1000),
        think: false,
        signal: gone.signal,
        settings,
      },
    ).catch((cause: unknown) => request.log.error({ err: cause }, 'instruct stream failed'));
    if (gone.signal.aborted && !reply.raw.writableEnded) reply.raw.destroy();
    return reply;
  });

  app.post(INSTRUCT_DEMO_PATH, { schema: { body: DEMO_BODY } }, async (request) => {
    const { user, tenantId } = me(request);
    const lang = language(request);
    const content = await fromData(ctx, tenantId, user.id, (data) =>
      instructOutput('health', data, lang, request.body.query ?? ''),
    );
    return ok({ content });
  });

  app.get(
    '/api/hzims-fdp/diagnosis/process',
    { schema: { querystring: query({ fdpId: SEED_ID, stationId: STATION_ID }, ['fdpId']) } },
    async (request) => {
      const { tenantId } = me(request);
      const { fdpId, stationId } = request.query;
      const row = await stationOfSeedId(ctx, tenantId, fdpId);
      const fault = row ? faultsOf(seedStationOf(row)).find((f) => f.fdpId === fdpId) : undefined;
      if (!row || !fault || (stationId && stationId !== row.station_id))
        throw notFound(say(request, 'noFault'));
      const en = language(request) === 'en' ? 1 : 0;
      const device = await repos.devices.byCode(tenantId, `${row.station_id}-${fault.deviceCode}`);
      return ok({
        fdpId: fault.fdpId,
        stationId: row.station_id,
        record_name: fault.record[en],
        station_name: row.dept_name,
        device_name: device?.device_name ?? '',
        time: nowText(faultTime(ctx.now(), fault.hoursAgo)),
        errorInfo: fault.errorInfo[en],
        ord: fault.ord,
        steps: fault.steps.map((s, i) => ({
          ord: i + 1,
          name: s.name[en],
          detail: s.detail[en],
          outcome: s.outcome,
        })),
        conclusion: fault.conclusion[en],
      });
    },
  );
}
