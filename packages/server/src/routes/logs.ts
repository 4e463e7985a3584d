import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { mapPage, pageArgs } from '../db/paged.ts';
import type { LogKind, LogRow } from '../db/repos/logs.ts';
import { nowText } from '../db/repos/util.ts';
import { me } from '../http/auth.ts';
import { notFound, ok } from '../http/envelope.ts';
import { body, id, paging, query, type RouteApp, str } from '../http/schema.ts';

function dto(row: LogRow) {
  const common = {
    id: String(row.id),
    tenantId: row.tenant_id,
    createBy: row.create_by,
    createTime: row.create_time,
  };
  if (row.kind === 'error') {
    return {
      ...common,
      type: row.type,
      url: row.url,
      message: row.message,
      stack: row.stack,
      info: row.info,
      time: row.time,
    };
  }
  return {
    ...common,
    serviceId: row.service_id,
    serverHost: row.server_host,
    env: row.env,
    title: row.title,
    method: row.method,
    requestUri: row.request_uri,
    userAgent: row.user_agent,
    remoteIp: row.remote_ip,
    params: row.params,
    time: row.time,
    logLevel: row.log_level,
    logData: row.message,
  };
}

const ERROR_ENTRY = body(
  {
    type: str(64),
    url: str(1000),
    message: str(2000),
    stack: str(8000),
    info: str(500),
    time: Type.Unsafe<string | number>({ type: ['string', 'number'], maxLength: 40 }),
  },
  ['message'],
);

export function registerLogRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  for (const kind of ['usual', 'api', 'error'] as LogKind[]) {
    app.get(
      `/api/blade-log/${kind}/list`,
      { config: { auth: 'admin' }, schema: { querystring: query(paging) } },
      async (request) => {
        return ok(mapPage(await repos.logs.page(me(request).tenantId, kind, pageArgs(request.query)), dto));
      },
    );
    app.get(
      `/api/blade-log/${kind}/detail`,
      { config: { auth: 'admin' }, schema: { querystring: query({ id }, ['id']) } },
      async (request) => {
        const row = await repos.logs.byId(me(request).tenantId, kind, Number(request.query.id));
        if (!row) throw notFound('log not found');
        return ok(dto(row));
      },
    );
  }

  // Error-log upload from the console's local error log: an array of up to 50 entries.
  app.post(
    '/api/blade-log/error/upload',
    {
      bodyLimit: 512 * 1024,
      schema: { body: Type.Array(ERROR_ENTRY, { minItems: 1, maxItems: 50 }) },
    },
    async (request) => {
      const { tenantId, user } = me(request);
      const entries = request.body;
      const createTime = nowText(ctx.now());
      const saved = await repos.logs.insertMany(
        entries.map((e) => ({
          tenant_id: tenantId,
          kind: 'error' as const,
          type: e.type ?? '',
          url: e.url ?? '',
          message: e.message,
          stack: e.stack ?? '',
          info: e.info ?? '',
          time: e.time === undefined ? createTime : String(e.time),
          user_agent: String(request.headers['user-agent'] ?? '').slice(0, 300),
          remote_ip: request.ip,
          create_by: user.account,
          create_time: createTime,
        })),
      );
      return ok({ saved });
    },
  );
}
