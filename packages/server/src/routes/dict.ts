import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { mapPage, pageArgs } from '../db/paged.ts';
import type { DictRow } from '../db/repos/dicts.ts';
import { me } from '../http/auth.ts';
import { requireButton } from '../http/buttons.ts';
import { badRequest, forbidden, notFound, ok } from '../http/envelope.ts';
import { body, id, idsOf, idsParams, paging, query, type RouteApp, str } from '../http/schema.ts';

const CODE = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_.-]{0,63}$' });
const SAFE = (max: number, min: number) =>
  Type.String({ minLength: min, maxLength: max, pattern: '^[^<>`]*$' });
/** A shown text that is required: something other than blanks (the console's form checks the same). */
const FILLED = (max: number) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '^[^<>`]*[^\\s<>`][^<>`]*$' });
const PARENT = Type.String({ pattern: '^(0|[1-9][0-9]{0,17})$' });

const dto = (row: DictRow) => ({
  id: String(row.id),
  parentId: String(row.parent_id),
  tenantId: row.tenant_id,
  code: row.code,
  dictKey: row.dict_key,
  dictValue: row.dict_value,
  sort: row.sort,
  remark: row.remark,
  isSealed: row.is_sealed,
});

export function registerDictRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const base = '/api/blade-system/dict';

  app.get(
    `${base}/parent-list`,
    { schema: { querystring: query({ ...paging, code: str(64), dictValue: str(64) }) } },
    async (request) => {
      const q = request.query;
      const parents = await repos.dicts.parents(
        me(request).tenantId,
        { code: q.code, dictValue: q.dictValue },
        pageArgs(q),
      );
      return ok(mapPage(parents, dto));
    },
  );

  app.get(
    `${base}/child-list`,
    { schema: { querystring: query({ parentId: id }, ['parentId']) } },
    async (request) => {
      const { tenantId } = me(request);
      const parentId = Number(request.query.parentId);
      if (!(await repos.dicts.byId(tenantId, parentId))) throw notFound('dictionary not found');
      return ok((await repos.dicts.children(tenantId, parentId)).map(dto));
    },
  );

  app.get(`${base}/detail`, { schema: { querystring: query({ id }, ['id']) } }, async (request) => {
    const row = await repos.dicts.byId(me(request).tenantId, Number(request.query.id));
    if (!row) throw notFound('dictionary not found');
    return ok(dto(row));
  });

  app.get(`${base}/tree`, { schema: { querystring: query({ code: CODE }) } }, async (request) => {
    const { tenantId } = me(request);
    const code = request.query.code;
    const rows = code
      ? await repos.dicts.byCode(tenantId, code)
      : (await repos.dicts.parents(tenantId, {}, { current: 1, size: 1000 })).records;
    const node = (r: DictRow) => ({ ...dto(r), title: r.dict_value, key: r.dict_key, value: r.dict_key });
    const parents = rows.filter((r) => r.parent_id === 0);
    return ok(
      await Promise.all(
        parents.map(async (p) => {
          const children = (code ? rows : await repos.dicts.children(tenantId, p.id)).filter(
            (r) => r.parent_id === p.id,
          );
          return { ...node(p), children: children.map(node) };
        }),
      ),
    );
  });

  app.get(
    `${base}/dictionary`,
    { schema: { querystring: query({ code: CODE }, ['code']) } },
    async (request) => {
      const rows = await repos.dicts.byCode(me(request).tenantId, request.query.code);
      return ok(rows.filter((r) => r.parent_id !== 0).map(dto));
    },
  );

  app.post(
    `${base}/remove`,
    { config: { auth: 'admin', button: 'dict_delete' }, schema: idsParams },
    async (request) => {
      const { tenantId } = me(request);
      const list = idsOf(request);
      // No entry may be added under a dictionary while it is checked and removed (on any instance).
      return repos.transaction(async () => {
        await repos.db.lock('dicts');
        if ((await repos.dicts.ownedCount(tenantId, list)) !== list.length) {
          const found = await Promise.all(list.map((i) => repos.dicts.byId(tenantId, i)));
          if (found.every(Boolean)) throw forbidden('shared or sealed dictionary rows cannot be removed');
          throw notFound('dictionary not found');
        }
        return ok({ removed: await repos.dicts.remove(tenantId, list) });
      });
    },
  );

  app.post(
    `${base}/submit`,
    {
      config: { auth: 'admin' },
      schema: {
        body: body(
          {
            id,
            parentId: PARENT,
            code: CODE,
            dictKey: FILLED(64),
            dictValue: FILLED(64),
            sort: Type.Integer({ minimum: 0, maximum: 100000 }),
            remark: SAFE(200, 0),
          },
          ['code', 'dictKey', 'dictValue'],
        ),
      },
    },
    async (request) => {
      const { tenantId } = me(request);
      const b = request.body;
      await requireButton(ctx, request, b.id ? 'dict_edit' : 'dict_add');
      const fields = {
        dict_key: b.dictKey,
        dict_value: b.dictValue,
        sort: b.sort ?? 0,
        remark: b.remark ?? '',
      };
      // The checks (own row, parent, key unused) and the write are one step for every instance. One lock
      // for every tenant: a tenant's entries may sit under a shared (000000) dictionary.
      return repos.transaction(async () => {
        await repos.db.lock('dicts');
        if (b.id) {
          if ((await repos.dicts.ownedCount(tenantId, [Number(b.id)])) !== 1) {
            if (await repos.dicts.byId(tenantId, Number(b.id)))
              throw forbidden('shared or sealed dictionary rows cannot be changed');
            throw notFound('dictionary not found');
          }
          await repos.dicts.update(tenantId, Number(b.id), fields);
          return ok(dto((await repos.dicts.byId(tenantId, Number(b.id)))!));
        }
        const parentId = Number(b.parentId ?? 0);
        if (parentId !== 0) {
          const parent = await repos.dicts.byId(tenantId, parentId);
          if (parent?.parent_id !== 0) throw notFound('parent dictionary not found');
          if (parent.code !== b.code)
            throw badRequest('invalid body.code: must equal the parent dictionary code');
          if ((await repos.dicts.children(tenantId, parentId)).some((c) => c.dict_key === b.dictKey)) {
            throw badRequest('invalid body.dictKey: already used in this dictionary');
          }
        }
        const newId = await repos.dicts.insert({
          tenant_id: tenantId,
          parent_id: parentId,
          code: b.code,
          is_sealed: 0,
          ...fields,
        });
        return ok(dto((await repos.dicts.byId(tenantId, newId))!));
      });
    },
  );
}
