import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { pageArgs } from '../db/paged.ts';
import type { TenantRow } from '../db/repos/tenants.ts';
import { nowText } from '../db/repos/util.ts';
import { requireButton } from '../http/buttons.ts';
import { badRequest, notFound, ok } from '../http/envelope.ts';
import { t } from '../http/messages.ts';
import {
  body,
  either,
  id,
  ids,
  idsOf,
  idsParams,
  merged,
  oneOf,
  oneOfInt,
  paging,
  query,
  type RouteApp,
  str,
  tenantId,
} from '../http/schema.ts';

const dto = (row: TenantRow) => ({
  id: String(row.id),
  tenantId: row.tenant_id,
  tenantName: row.tenant_name,
  domain: row.domain ?? '',
  kind: row.kind,
  linkman: row.linkman ?? '',
  contactNumber: row.contact_number ?? '',
  address: row.address ?? '',
  accountNumber: row.account_number,
  expireTime: row.expire_time ?? '',
  stationFlag: row.station_flag,
  visualFlag: row.visual_flag,
  createTime: row.create_time,
});

const HOST = '([A-Za-z0-9-]{1,63}\\.)*[A-Za-z0-9-]{1,63}(:[0-9]{1,5})?';
const DOMAIN = Type.String({ pattern: `^${HOST}$`, maxLength: 200 });
/** A tenant's domain is optional: the form sends '' for none. */
const DOMAIN_OR_EMPTY = Type.String({ maxLength: 200, pattern: `^(|${HOST})$` });
const TEXT = (n: number) => Type.String({ maxLength: n, pattern: '^[^<>`]*$' });
/** A required shown text: something other than blanks. */
const NAME_TEXT = (n: number) => Type.String({ maxLength: n, pattern: '^[^<>`]*[^\\s<>`][^<>`]*$' });
/** Empty, a mobile number (DECISIONS 8) or a landline (0 + 2-3 digits, optional hyphen, 7-8 digits). */
const CONTACT = Type.String({ pattern: '^(|1(?:[346789][0-9]|5[0-35-9])[0-9]{8}|0[0-9]{2,3}-?[0-9]{7,8})$' });
const EXPIRE = Type.String({ pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2}( [0-9]{2}:[0-9]{2}:[0-9]{2})?)?$' });

/** `YYYY-MM-DD[ HH:MM:SS]` naming a real day and time (the pattern checks only the digits). */
function isRealTime(value: string): boolean {
  const [day, time = '00:00:00'] = value.split(' ');
  const [y, m, d] = day.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const sameDay = date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  return sameDay && hh < 24 && mm < 60 && ss < 60;
}

export function registerTenantRoutes(app: RouteApp, ctx: AppContext) {
  const { repos } = ctx;
  const base = '/api/blade-system/tenant';
  const platform = { auth: 'platform' as const };

  app.get(
    `${base}/list`,
    {
      config: platform,
      schema: { querystring: query({ ...paging, tenantId: str(6), tenantName: str(50) }) },
    },
    async (request) => {
      const q = request.query;
      const tenants = await repos.tenants.list(
        { tenantId: q.tenantId, tenantName: q.tenantName },
        pageArgs(q),
      );
      // The list also counts each tenant's stations (sites), for the platform's home page.
      const stationCount = async (row: TenantRow) =>
        (await repos.depts.all(row.tenant_id)).filter((d) => d.dept_category === 4).length;
      const records = await Promise.all(
        tenants.records.map(async (row) => ({ ...dto(row), stationCount: await stationCount(row) })),
      );
      return ok({ ...tenants, records });
    },
  );

  app.get(
    `${base}/detail`,
    { config: platform, schema: { querystring: query({ id }, ['id']) } },
    async (request) => {
      const row = await repos.tenants.byId(Number(request.query.id));
      if (!row) throw notFound(t(request, 'tenantUnknown'));
      return ok(dto(row));
    },
  );

  app.post(
    `${base}/remove`,
    { config: { ...platform, button: 'tenant_delete' }, schema: idsParams },
    async (request) => {
      const list = idsOf(request);
      if ((await repos.tenants.countIds(list)) !== list.length) throw notFound(t(request, 'tenantUnknown'));
      if (await repos.tenants.hasPlatform(list))
        throw badRequest('the platform tenant 000000 cannot be removed');
      return ok({ removed: await repos.tenants.remove(list) });
    },
  );

  app.post(
    `${base}/submit`,
    {
      config: platform,
      schema: {
        body: body(
          {
            id,
            tenantId,
            // The tenant form of the system pages (packages/apps/system/src/tenants/tenant-rules.ts) checks
            // the same rules; one table of values tests both (apps/system/test-support/rule-cases.ts).
            tenantName: NAME_TEXT(50),
            domain: DOMAIN_OR_EMPTY,
            kind: oneOf(['platform', 'hydropower', 'water', 'energy-storage']),
            linkman: TEXT(20),
            contactNumber: CONTACT,
            address: TEXT(100),
            stationFlag: oneOfInt([0, 1]),
            visualFlag: oneOfInt([0, 1]),
          },
          ['tenantName'],
        ),
      },
    },
    async (request) => {
      const b = request.body;
      await requireButton(ctx, request, b.id ? 'tenant_edit' : 'tenant_add');
      const input = {
        tenant_name: b.tenantName,
        domain: b.domain,
        kind: b.kind,
        linkman: b.linkman,
        contact_number: b.contactNumber,
        address: b.address,
        station_flag: b.stationFlag,
        visual_flag: b.visualFlag,
      };
      // One writer of the tenants at a time across instances: the domain and the tenant id are checked
      // free (or the next id allocated) and then written.
      const id = await repos.transaction(async () => {
        await repos.db.lock('tenants');
        if (b.domain) {
          const owner = await repos.tenants.byDomain(b.domain);
          if (owner && String(owner.id) !== b.id)
            throw badRequest('invalid body.domain: already used by another tenant');
        }
        if (b.id) {
          const row = await repos.tenants.byId(Number(b.id));
          if (!row) throw notFound(t(request, 'tenantUnknown'));
          if (row.tenant_id === '000000' && b.visualFlag === 1) {
            throw badRequest('the platform tenant 000000 cannot enable visual display');
          }
          await repos.tenants.update(row.id, input);
          return row.id;
        }
        // A removed tenant's id is never given again: its users, menus and records still carry it.
        const given = await repos.tenants.idsEverGiven();
        const newTenantId =
          b.tenantId ?? String(Math.max(100000, ...given.map(Number).filter(Number.isFinite)) + 1);
        if (newTenantId === '000000' || (await repos.tenants.byTenantId(newTenantId))) {
          throw badRequest('invalid body.tenantId: already exists');
        }
        if (given.includes(newTenantId)) throw badRequest('invalid body.tenantId: kept by a removed tenant');
        return repos.tenants.insert(newTenantId, input, nowText(ctx.now()));
      });
      return ok(dto((await repos.tenants.byId(id))!));
    },
  );

  app.post(
    `${base}/setting`,
    {
      config: { ...platform, button: 'tenant_setting' },
      schema: either({
        ids,
        accountNumber: Type.String({ pattern: '^(-1|[0-9]{1,6})$' }),
        expireTime: EXPIRE,
      }),
    },
    async (request) => {
      const p = merged(request);
      const list = idsOf(request);
      if (p.expireTime && !isRealTime(p.expireTime))
        throw badRequest('invalid expireTime: no such day or time');
      if ((await repos.tenants.countIds(list)) !== list.length) throw notFound(t(request, 'tenantUnknown'));
      const changed = await repos.tenants.setting(list, Number(p.accountNumber ?? -1), p.expireTime || null);
      return ok({ changed });
    },
  );

  app.get(
    `${base}/info`,
    { config: { auth: 'public' }, schema: { querystring: query({ domain: DOMAIN }, ['domain']) } },
    async (request) => {
      const row = await repos.tenants.byDomain(request.query.domain);
      if (!row) throw notFound(t(request, 'tenantUnknown'));
      return ok({ tenantId: row.tenant_id, tenantName: row.tenant_name, domain: row.domain, kind: row.kind });
    },
  );
}
