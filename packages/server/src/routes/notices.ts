import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { mapPage, pageArgs } from '../db/paged.ts';
import { nowText } from '../db/repos/util.ts';
import { me } from '../http/auth.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import {
  either,
  flag,
  ids,
  idsOf,
  idsParams,
  merged,
  paging,
  query,
  type RouteApp,
  splitIds,
  str,
} from '../http/schema.ts';
import { alarmStatistics, statsRange, statsText } from './message-stats.ts';

const CLASSIFY = Type.String({ pattern: '^[A-Za-z_]{1,32}$' });
const DATETIME = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}(:[0-9]{2})?)?$' });
const CATEGORY = Type.String({ pattern: '^[0-9]{1,2}$' });

export function registerNoticeRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;

  app.get(
    '/api/blade-system/notice/getUnread',
    {
      schema: {
        querystring: query({
          ...paging,
          isReal: flag,
          title: str(50),
          type: CATEGORY,
          category: CATEGORY,
        }),
      },
    },
    async (request) => {
      const { tenantId, user } = me(request);
      const q = request.query;
      const notices = await repos.notices.page(
        tenantId,
        user.id,
        {
          isReal: q.isReal === undefined ? undefined : Number(q.isReal),
          title: q.title,
          category: q.type ?? q.category,
        },
        pageArgs(q),
      );
      return ok(
        mapPage(notices, (n) => ({
          id: String(n.id),
          title: n.title,
          content: n.content,
          type: n.category,
          category: n.category,
          releaseTime: n.release_time,
          isReal: n.is_real,
        })),
      );
    },
  );

  app.post('/api/blade-system/notice/isReal', { schema: idsParams }, async (request) => {
    const { tenantId, user } = me(request);
    const list = idsOf(request);
    if ((await repos.notices.countIn(tenantId, list)) !== list.length) throw notFound('notice not found');
    return ok({ marked: await repos.notices.markRead(user.id, list, nowText(ctx.now())) });
  });

  const base = '/api/blade-system/message/record';
  app.get(`${base}/getPersonalUnreadMessage`, { schema: { querystring: query({}) } }, async (request) => {
    const { tenantId, user } = me(request);
    const counts = await repos.messages.unreadCounts(tenantId, user.id);
    return ok(counts.map((r) => ({ businessClassify: r.business_classify, todoNum: r.todo })));
  });

  app.get(
    `${base}/getAlarmMessage`,
    {
      schema: {
        querystring: query({
          ...paging,
          businessClassify: CLASSIFY,
          subject: str(50),
          status: flag,
          startTime: DATETIME,
          endTime: DATETIME,
        }),
      },
    },
    async (request) => {
      const { tenantId, user } = me(request);
      const q = request.query;
      const messages = await repos.messages.page(
        tenantId,
        user.id,
        {
          businessClassify: q.businessClassify,
          subject: q.subject,
          status: q.status === undefined ? undefined : Number(q.status),
          startTime: q.startTime,
          endTime: q.endTime,
        },
        pageArgs(q),
      );
      return ok(
        mapPage(messages, (m) => ({
          id: String(m.id),
          businessClassify: m.business_classify,
          subject: m.subject,
          content: m.content,
          status: m.status,
          pushTime: m.push_time,
          link: m.link,
        })),
      );
    },
  );

  // The dates are checked by statsRange, so that each wrong one gets its own message in the caller's language.
  const DATE_TEXT = str(32);
  app.get(
    `${base}/getAlarmStatistics`,
    { schema: { querystring: query({ startTime: DATE_TEXT, endTime: DATE_TEXT }) } },
    async (request) => {
      const { tenantId, user } = me(request);
      const range = statsRange(request.query);
      if (!range.ok) throw badRequest(statsText(request, range.key, range.vars));
      const rows = await repos.messages.dayCounts(tenantId, user.id, range.from, range.toExclusive);
      return ok(alarmStatistics(range.days, rows));
    },
  );

  /** Marks the caller's unread messages read: the given ids, else those of a classification, else all. */
  const read = async (request: FastifyRequest, p: { ids?: string; businessClassify?: string }) => {
    const { tenantId, user } = me(request);
    let list: number[] | null = null;
    if (p.ids) {
      list = splitIds(p.ids);
      if ((await repos.messages.countIn(tenantId, user.id, list)) !== list.length)
        throw notFound('message not found');
    }
    return ok({ marked: await repos.messages.markRead(tenantId, user.id, list, p.businessClassify) });
  };
  const READ = { ids, businessClassify: CLASSIFY };
  app.get(`${base}/readAlarmMessage`, { schema: { querystring: query(READ) } }, async (request) =>
    read(request, request.query),
  );
  app.post(`${base}/readAlarmMessage`, { schema: either(READ) }, async (request) =>
    read(request, merged(request)),
  );
}
