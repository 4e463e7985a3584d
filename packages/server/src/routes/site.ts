import type { AppContext } from '../context.ts';
import { mapPage, pageArgs } from '../db/paged.ts';
import type { DeptRow } from '../db/repos/depts.ts';
import { me } from '../http/auth.ts';
import { forbidden, notFound, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import { either, id, merged, need, paging, query, type RouteApp, str } from '../http/schema.ts';

/** Sites (stations, dept_category 4), the station tree and the user's default station. */
export function registerSiteRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const field = str(20);

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
      const sites = repos.depts.sites(
        tenantId,
        { stationId: q.stationId, deptName: q.deptName ?? q.tenantName, linkman: q.linkman },
        pageArgs(q),
      );
      const tenant = repos.tenants.byTenantId(tenantId);
      return ok(
        mapPage(sites, (d) => ({
          id: String(d.id),
          stationId: d.station_id,
          deptName: d.dept_name,
          linkman: d.linkman,
          contactNumber: d.contact_number,
          remark: d.remark,
          tenantId,
          tenantName: tenant?.tenant_name ?? '',
          parentId: String(d.parent_id),
          // The station the call's headers joined (Dept-Id), so the switcher can mark it.
          joined: request.station?.deptId === d.id,
        })),
      );
    },
  );

  app.get(
    '/api/hzims-operational/ims/dept/getHydropowerTree',
    { schema: { querystring: query({}) } },
    async (request) => {
      const { tenantId } = me(request);
      const rows = repos.depts.all(tenantId);
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

  const configDto = (cfg: { id: number; user_id: number; dept_id: number } | undefined, tenantId: string) => {
    if (!cfg) return null;
    const dept = repos.depts.byId(tenantId, cfg.dept_id);
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
      if (!repos.users.byId(tenantId, wanted)) throw notFound('user not found');
      return ok(configDto(repos.depts.config(tenantId, wanted), tenantId));
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
      if (!repos.users.byId(tenantId, wanted)) throw notFound('user not found');
      const deptId = Number(need(p, 'deptId'));
      if (!repos.depts.byId(tenantId, deptId)) throw notFound('department not found');
      repos.depts.setConfig(tenantId, wanted, deptId);
      return ok(configDto(repos.depts.config(tenantId, wanted), tenantId));
    },
  );
}
