import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { mapPage, pageArgs } from '../db/paged.ts';
import type { DeptRow } from '../db/repos/depts.ts';
import { me } from '../http/auth.ts';
import { buttonCodes } from '../http/buttons.ts';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { messagesOf, t } from '../http/messages.ts';
import {
  body,
  either,
  id,
  idsOf,
  idsParams,
  merged,
  need,
  paging,
  query,
  type RouteApp,
  str,
} from '../http/schema.ts';

/** Site-management refusals, [zh, en] (the `msg` the console shows in its form or as a message). */
const SITE_MSG = {
  noAdd: ['没有新增站点的权限（switch_add）', 'you may not add sites (switch_add)'],
  noEdit: ['没有编辑站点的权限（switch_edit）', 'you may not edit sites (switch_edit)'],
  noDelete: ['没有删除站点的权限（switch_delete）', 'you may not delete sites (switch_delete)'],
  duplicate: ['站点编号 {stationId} 已存在', 'station id {stationId} already exists'],
  unknown: ['站点不存在或不属于当前租户（{id}）', 'no such site in your tenant ({id})'],
  joined: [
    '不能删除当前所在的站点（{name}），请先返回主站',
    'cannot delete the site you are on ({name}); return to the main site first',
  ],
  blank: ['{field} 不能为空', '{field} must not be blank'],
  parent: ['上级部门不存在或是站点（{id}）', 'no such parent department ({id})'],
} as const;

const say = messagesOf(SITE_MSG);

/** Shown text (site fields): no `<`, `>` or backtick, as every shown text of the server (docs/api.md §1). */
const TEXT = (maxLength: number, minLength = 0) =>
  Type.String({ minLength, maxLength, pattern: '^[^<>`]*$' });
/**
 * Optional contact number, as the console's form checks it (spec §5 generic checks): empty, a mobile number
 * (13x, 14x, 15x but 154, 16x-19x, then 8 digits) or a landline (0 + 2-3 digits, optional -, 7-8 digits).
 */
const CONTACT = Type.String({ pattern: '^(|1(?:[346789][0-9]|5[0-35-9])[0-9]{8}|0[0-9]{2,3}-?[0-9]{7,8})$' });

/** Spec §5 site form: stationId, deptName, linkman required, at most 20 characters. */
const SITE_BODY = body(
  {
    id,
    stationId: TEXT(20, 1),
    deptName: TEXT(20, 1),
    linkman: TEXT(20, 1),
    contactNumber: CONTACT,
    remark: TEXT(200),
    parentId: id,
  },
  ['stationId', 'deptName', 'linkman'],
);

/**
 * Sites (stations, dept_category 4): the list, adding, editing and deleting them (the site-switch buttons
 * switch_add, switch_edit, switch_delete), the station tree and the user's default station.
 */
export function registerSiteRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const field = str(20);

  /** The tenant name a site answer carries (every site of a call is of the caller's tenant). */
  const tenantNameOf = async (tenantId: string) =>
    (await repos.tenants.byTenantId(tenantId))?.tenant_name ?? '';

  /** A site as the list and the site writes answer it. */
  const siteDto = (request: FastifyRequest, d: DeptRow, tenantName: string) => {
    const tenantId = d.tenant_id;
    return {
      id: String(d.id),
      stationId: d.station_id,
      deptName: d.dept_name,
      linkman: d.linkman,
      contactNumber: d.contact_number,
      remark: d.remark,
      tenantId,
      tenantName,
      parentId: String(d.parent_id),
      // The station the call's headers joined (Dept-Id), so the switcher can mark it.
      joined: request.station?.deptId === d.id,
    };
  };

  app.get(
    '/api/blade-system/dept/getChildTenantDept',
    {
      schema: {
        querystring: query({
          ...paging,
          stationId: field,
          deptName: field,
          linkman: field,
          tenantName: field,
        }),
      },
    },
    async (request) => {
      const { tenantId } = me(request);
      const q = request.query;
      const sites = await repos.depts.sites(
        tenantId,
        { stationId: q.stationId, deptName: q.deptName ?? q.tenantName, linkman: q.linkman },
        pageArgs(q),
      );
      const tenantName = await tenantNameOf(tenantId);
      return ok(mapPage(sites, (d) => siteDto(request, d, tenantName)));
    },
  );

  app.post('/api/blade-system/dept/submit', { schema: { body: SITE_BODY } }, async (request) => {
    const { tenantId } = me(request);
    const b = request.body;
    const editing = b.id !== undefined;
    if (!(await buttonCodes(ctx, request)).has(editing ? 'switch_edit' : 'switch_add')) {
      throw forbidden(say(request, editing ? 'noEdit' : 'noAdd'));
    }
    const stationId = b.stationId.trim();
    const deptName = b.deptName.trim();
    const linkman = b.linkman.trim();
    for (const [field, value] of [
      ['stationId', stationId],
      ['deptName', deptName],
      ['linkman', linkman],
    ] as const) {
      if (!value) throw badRequest(say(request, 'blank', { field }));
    }
    const current = editing ? await repos.depts.byId(tenantId, Number(b.id)) : undefined;
    if (editing && current?.dept_category !== 4) throw notFound(say(request, 'unknown', { id: b.id! }));
    let parentId = current?.parent_id ?? (await repos.depts.root(tenantId))?.id ?? 0;
    if (b.parentId) {
      const parent = await repos.depts.byId(tenantId, Number(b.parentId));
      if (!parent || parent.dept_category === 4) throw notFound(say(request, 'parent', { id: b.parentId }));
      parentId = parent.id;
    }
    const fields = {
      station_id: stationId,
      dept_name: deptName,
      linkman,
      contact_number: b.contactNumber ?? current?.contact_number ?? null,
      remark: b.remark ?? current?.remark ?? null,
      parent_id: parentId,
    };
    // Under the lock of the tenant's sites: the station id is checked free and the next sort taken, then
    // written, with no other instance writing a site of the tenant in between.
    const siteId = await repos.transaction(async () => {
      await repos.db.lock(`sites:${tenantId}`);
      const same = await repos.depts.siteByStationId(tenantId, stationId);
      if (same && same.id !== current?.id) throw badRequest(say(request, 'duplicate', { stationId }));
      if (current) {
        await repos.depts.updateSite(tenantId, current.id, fields);
        return current.id;
      }
      return repos.depts.insert({
        ...fields,
        tenant_id: tenantId,
        full_name: deptName,
        dept_category: 4,
        sort: await repos.depts.nextSiteSort(tenantId),
      });
    });
    const site = (await repos.depts.byId(tenantId, siteId))!;
    return ok(siteDto(request, site, await tenantNameOf(tenantId)));
  });

  app.post('/api/blade-system/dept/remove', { schema: idsParams }, async (request) => {
    const { tenantId } = me(request);
    if (!(await buttonCodes(ctx, request)).has('switch_delete')) throw forbidden(say(request, 'noDelete'));
    const list = idsOf(request);
    for (const siteId of list) {
      if ((await repos.depts.byId(tenantId, siteId))?.dept_category !== 4) {
        throw notFound(say(request, 'unknown', { id: String(siteId) }));
      }
    }
    const joined = request.station;
    if (joined && list.includes(joined.deptId))
      throw badRequest(say(request, 'joined', { name: joined.name }));
    return ok({ removed: await repos.depts.removeSites(tenantId, list) });
  });

  app.get(
    '/api/hzims-operational/ims/dept/getHydropowerTree',
    { schema: { querystring: query({}) } },
    async (request) => {
      const { tenantId } = me(request);
      const rows = await repos.depts.all(tenantId);
      const byParent = new Map<number, DeptRow[]>();
      for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
      const node = (d: DeptRow, depth: number): unknown => {
        const children = build(d.id, depth + 1);
        return {
          id: String(d.id),
          name: d.dept_name,
          title: d.dept_name,
          deptId: String(d.id),
          tenantId,
          deptCategory: d.dept_category,
          stationId: d.station_id,
          ...(children.length > 0 ? { children } : {}),
        };
      };
      const build = (parentId: number, depth: number): unknown[] =>
        depth > 20 ? [] : (byParent.get(parentId) ?? []).map((d) => node(d, depth));
      // Joined to a station (the Dept-Id header), the tree answers that station only.
      const joined = request.station && rows.find((d) => d.id === request.station?.deptId);
      return ok(joined ? [node(joined, 0)] : build(0, 0));
    },
  );

  const configDto = async (
    cfg: { id: number; user_id: number; dept_id: number } | undefined,
    tenantId: string,
  ) => {
    if (!cfg) return null;
    const dept = await repos.depts.byId(tenantId, cfg.dept_id);
    return {
      id: String(cfg.id),
      userId: String(cfg.user_id),
      deptId: String(cfg.dept_id),
      deptName: dept?.dept_name ?? '',
      deptCategory: dept?.dept_category ?? null,
    };
  };

  app.get(
    '/api/hzims-operational/userDept/config/query',
    { schema: { querystring: query({ userId: id }) } },
    async (request) => {
      const { tenantId, user, auth } = me(request);
      const wanted = Number(request.query.userId ?? user.id);
      if (wanted !== user.id && !auth.isAdmin) throw forbidden(t(request, 'noAccess'));
      if (!(await repos.users.byId(tenantId, wanted))) throw notFound('user not found');
      return ok(await configDto(await repos.depts.config(tenantId, wanted), tenantId));
    },
  );

  app.post(
    '/api/hzims-operational/userDept/config/submit',
    { schema: either({ userId: id, deptId: id }) },
    async (request) => {
      const { tenantId, user, auth } = me(request);
      const p = merged(request);
      const wanted = Number(p.userId ?? user.id);
      if (wanted !== user.id && !auth.isAdmin) throw forbidden(t(request, 'noAccess'));
      if (!(await repos.users.byId(tenantId, wanted))) throw notFound('user not found');
      const deptId = Number(need(p, 'deptId'));
      if (!(await repos.depts.byId(tenantId, deptId))) throw notFound('department not found');
      await repos.depts.setConfig(tenantId, wanted, deptId);
      return ok(await configDto(await repos.depts.config(tenantId, wanted), tenantId));
    },
  );
}
