import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { type AppRow, type MenuRow, menuInput } from '../db/repos/menus.ts';
import { me } from '../http/auth.ts';
import { requireButton } from '../http/buttons.ts';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import {
  body,
  id,
  idsOf,
  idsParams,
  oneOf,
  oneOfInt,
  query,
  type RouteApp,
  str,
  tenantId,
} from '../http/schema.ts';
import { buildTree, buttonTree, FIXED_ROUTES, toNode, visibleTo } from './menu-model.ts';

const PARENT_ID = Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$' });
const GROUP = oneOf(['manage', 'visual']);

const MENU_BODY = body(
  {
    id,
    parentId: PARENT_ID,
    code: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' }),
    name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[^<>`]*$' }),
    alias: str(64),
    path: str(300),
    source: str(64),
    category: oneOfInt([1, 2]),
    action: Type.Integer({ minimum: 0, maximum: 9 }),
    sort: Type.Integer({ minimum: 0, maximum: 100000 }),
    // Empty, or a sub-app's code as `npm run new:app` makes them: lowercase kebab, a valid app code.
    appCode: Type.String({ pattern: '^(|[a-z0-9][a-z0-9-]{0,63})$' }),
    // Route query parameters of the menu entry: a flat object of up to 20 short values, or null.
    query: Type.Unsafe<Record<string, string | number | boolean> | null>({
      type: ['object', 'null'],
      maxProperties: 20,
      additionalProperties: { type: ['string', 'number', 'boolean'], maxLength: 200 },
    }),
    isOpen: Type.Boolean(),
    iframe: Type.Boolean(),
    keepAlive: Type.Boolean(),
    roles: Type.String({ pattern: '^[A-Za-z0-9_,-]{0,200}$' }),
    group: GROUP,
    remark: Type.String({ maxLength: 200, pattern: '^[^<>`]*$' }),
    isShow: oneOfInt([0, 1]),
  },
  ['code', 'name', 'category'],
);

export function registerMenuRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const base = '/api/blade-system/menu';

  const visibleRows = async (request: FastifyRequest) => {
    const { tenantId: tid, auth } = me(request);
    const rows = await repos.menus.all(tid);
    const keep = (row: MenuRow) => visibleTo(row, auth.roles, auth.isPlatformAdmin);
    return { rows, keep };
  };

  app.get(
    `${base}/routes`,
    {
      schema: {
        querystring: query({ topMenuId: id, group: GROUP }),
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, keep } = await visibleRows(request);
      // A hidden item (and what lies under it) is left out for everyone; the admin lists keep it.
      let tree = buildTree(
        rows.filter((r) => r.category === 1),
        (row) => row.is_show === 1 && keep(row),
        true,
      );
      if (q.group) tree = tree.filter((n) => n.group === q.group);
      if (q.topMenuId) {
        const menuIds = await repos.menus.topMenuMenuIds(me(request).tenantId, Number(q.topMenuId));
        if (!menuIds) throw notFound('top menu not found');
        const allowed = new Set(menuIds.map(String));
        tree = tree.filter((n) => allowed.has(n.id));
      }
      return ok(tree);
    },
  );

  app.get(`${base}/buttons`, { schema: { querystring: query({}) } }, async (request) => {
    const { rows, keep } = await visibleRows(request);
    return ok(buttonTree(rows, keep));
  });

  app.get(`${base}/top-menu`, { schema: { querystring: query({}) } }, async (request) => {
    const { tenantId: tid } = me(request);
    return ok(
      (await repos.menus.topMenus(tid)).map((m) => ({
        id: String(m.id),
        code: m.code,
        name: m.name,
        source: m.source,
        path: m.path,
        sort: m.sort,
        meta: { i18n: `menu.top.${m.code}` },
      })),
    );
  });

  app.get(
    `${base}/lazy-list`,
    {
      config: { auth: 'admin' },
      schema: {
        querystring: query({ parentId: PARENT_ID, name: str(64) }),
      },
    },
    async (request) => {
      const q = request.query;
      const { tenantId: tid } = me(request);
      let rows = await repos.menus.children(tid, Number(q.parentId ?? 0));
      const name = q.name;
      if (name) rows = rows.filter((r) => r.name.includes(name));
      const parents = await repos.menus.hasChildren(
        tid,
        rows.map((r) => r.id),
      );
      return ok(rows.map((r) => ({ ...toNode(r), hasChildren: parents.has(r.id) })));
    },
  );

  app.get(
    `${base}/tree`,
    { config: { auth: 'admin' }, schema: { querystring: query({ tenantId }) } },
    async (request) => {
      const { tenantId: own, auth } = me(request);
      const wanted = request.query.tenantId ?? own;
      if (wanted !== own && !auth.isPlatformAdmin) throw forbidden(t(request, 'noAccess'));
      if (!(await repos.tenants.byTenantId(wanted))) throw notFound(t(request, 'tenantUnknown'));
      const simplify = (nodes: ReturnType<typeof buildTree>): unknown[] =>
        nodes.map((n) => ({
          id: n.id,
          parentId: n.parentId,
          title: n.name,
          key: n.id,
          value: n.id,
          code: n.code,
          category: n.category,
          children: n.children ? simplify(n.children) : undefined,
        }));
      return ok(simplify(buildTree(await repos.menus.all(wanted), () => true, false)));
    },
  );

  app.get(
    `${base}/detail`,
    { config: { auth: 'admin' }, schema: { querystring: query({ id }, ['id']) } },
    async (request) => {
      const row = await repos.menus.byId(me(request).tenantId, Number(request.query.id));
      if (!row) throw notFound('menu not found');
      return ok(toNode(row));
    },
  );

  app.post(`${base}/submit`, { config: { auth: 'admin' }, schema: { body: MENU_BODY } }, async (request) => {
    const { tenantId: tid } = me(request);
    const b = request.body;
    await requireButton(ctx, request, b.id ? 'menu_edit' : 'menu_add');
    const parentId = Number(b.parentId ?? 0);
    const path = b.path ?? '';
    if (path && !/^(\/(?![/\\])|https?:\/\/)/.test(path)) {
      throw badRequest('invalid body.path: must start with / or http(s)://');
    }
    // The checks (parent, no cycle, code unused) and the write are one step for every instance.
    return repos.transaction(async () => {
      await repos.db.lock(`menus:${tid}`);
      if (parentId !== 0) {
        if (!(await repos.menus.byId(tid, parentId))) throw notFound('parent menu not found');
        if (b.id) {
          // Refuse cycles: the parent may not be the menu itself or one of its descendants.
          const rows = await repos.menus.all(tid);
          const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
          for (
            let cur = parentId, guard = 0;
            cur !== 0 && guard < 50;
            cur = parentOf.get(cur) ?? 0, guard++
          ) {
            if (cur === Number(b.id))
              throw badRequest('invalid body.parentId: a menu cannot be its own ancestor');
          }
        }
      }
      const sameCode = await repos.menus.byCode(tid, b.code);
      if (sameCode && String(sameCode.id) !== b.id)
        throw badRequest('invalid body.code: already used by another menu');
      const row = menuInput(tid, parentId, b);
      if (b.id) {
        if ((await repos.menus.update(tid, Number(b.id), row)) === 0) throw notFound('menu not found');
        return ok(toNode((await repos.menus.byId(tid, Number(b.id)))!));
      }
      const newId = await repos.menus.insert(row);
      return ok(toNode((await repos.menus.byId(tid, newId))!));
    });
  });

  app.post(
    `${base}/remove`,
    { config: { auth: 'admin', button: 'menu_delete' }, schema: idsParams },
    async (request) => {
      const { tenantId: tid } = me(request);
      const list = idsOf(request);
      // No child may be added under a menu while it is checked and removed (on any instance).
      return repos.transaction(async () => {
        await repos.db.lock(`menus:${tid}`);
        if ((await repos.menus.countIn(tid, list)) !== list.length) throw notFound('menu not found');
        const parents = await repos.menus.hasChildren(tid, list);
        const rows = await repos.menus.all(tid);
        const removing = new Set(list);
        for (const parent of parents) {
          if (rows.some((r) => r.parent_id === parent && !removing.has(r.id))) {
            throw badRequest('menu has children: remove them first');
          }
        }
        return ok({ removed: await repos.menus.remove(tid, list) });
      });
    },
  );

  const appList = (rows: AppRow[]) =>
    rows.map((a) => ({
      id: String(a.id),
      code: a.code,
      name: a.name,
      path: a.path,
      sort: a.sort,
      remark: a.remark,
    }));

  app.get(
    '/api/blade-system/application/applications',
    { schema: { querystring: query({}) } },
    async (request) => {
      const { tenantId: tid } = me(request);
      const { rows, keep } = await visibleRows(request);
      const codes = new Set(
        buildTree(
          rows.filter((r) => r.category === 1),
          keep,
          true,
        )
          .flatMap(function walk(n): string[] {
            return [n.appCode, ...(n.children ?? []).flatMap(walk)];
          })
          .filter(Boolean),
      );
      return ok(appList((await repos.menus.apps(tid)).filter((a) => codes.has(a.code))));
    },
  );

  app.get('/api/blade-system/application/all', { schema: { querystring: query({}) } }, async (request) =>
    ok(appList(await repos.menus.apps(me(request).tenantId))),
  );

  app.get(
    '/cdn/common/routes.json',
    { config: { auth: 'public' }, schema: { querystring: query({}) } },
    async (_r, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return FIXED_ROUTES;
    },
  );
}
