import { type Db, sql } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { likeAll, whereOf } from './util.ts';

export interface TenantRow {
  id: number;
  tenant_id: string;
  tenant_name: string;
  domain: string | null;
  kind: string;
  linkman: string | null;
  contact_number: string | null;
  address: string | null;
  account_number: number;
  expire_time: string | null;
  station_flag: number;
  visual_flag: number;
  create_time: string;
}

export type TenantInput = Partial<Omit<TenantRow, 'id' | 'create_time'>>;

const FIELDS = [
  'tenant_name',
  'domain',
  'kind',
  'linkman',
  'contact_number',
  'address',
  'account_number',
  'expire_time',
  'station_flag',
  'visual_flag',
] as const;

export interface ParamRow {
  id: number;
  param_name: string;
  param_key: string;
  param_value: string;
  remark: string;
}

export function tenantsRepo(db: Db) {
  return {
    byTenantId(tenantId: string): Promise<TenantRow | undefined> {
      return db.get<TenantRow>(sql`SELECT * FROM tenants WHERE tenant_id = ${tenantId} AND is_deleted = 0`);
    },
    /** Every tenant id ever given, removed tenants' too (their users and data still carry them). */
    async idsEverGiven(): Promise<string[]> {
      return (await db.all<{ tenant_id: string }>(sql`SELECT tenant_id FROM tenants`)).map(
        (r) => r.tenant_id,
      );
    },
    byId(id: number): Promise<TenantRow | undefined> {
      return db.get<TenantRow>(sql`SELECT * FROM tenants WHERE id = ${id} AND is_deleted = 0`);
    },
    byDomain(domain: string): Promise<TenantRow | undefined> {
      return db.get<TenantRow>(sql`SELECT * FROM tenants WHERE domain = ${domain} AND is_deleted = 0`);
    },
    list(filter: { tenantId?: string; tenantName?: string }, page: PageArgs) {
      const where = [
        sql`is_deleted = 0`,
        ...likeAll(db, { tenant_id: filter.tenantId, tenant_name: filter.tenantName }),
      ];
      return pagedQuery<TenantRow>(
        db,
        { from: sql`tenants ${whereOf(where)}`, orderBy: sql`tenant_id` },
        page,
      );
    },
    insert(tenantId: string, input: TenantInput, time: string): Promise<number> {
      const row: Record<string, unknown> = { tenant_id: tenantId, create_time: time, ...pick(input) };
      const keys = Object.keys(row);
      return db.insert(sql`
        INSERT INTO tenants (${sql.join(keys.map((k) => sql.ref(k)))})
        VALUES (${sql.join(keys.map((k) => row[k]))})
        RETURNING id`);
    },
    async update(id: number, input: TenantInput): Promise<number> {
      const row = pick(input);
      const keys = Object.keys(row);
      if (keys.length === 0) return 0;
      const sets = keys.map((k) => sql`${sql.ref(k)} = ${row[k]}`);
      return db.run(sql`UPDATE tenants SET ${sql.join(sets)} WHERE id = ${id} AND is_deleted = 0`);
    },
    async countIds(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      return countOf(db, sql`tenants WHERE is_deleted = 0 AND id IN (${sql.join(ids)})`);
    },
    async hasPlatform(ids: number[]): Promise<boolean> {
      if (ids.length === 0) return false;
      return !!(await db.get(
        sql`SELECT 1 AS one FROM tenants WHERE tenant_id = '000000' AND id IN (${sql.join(ids)})`,
      ));
    },
    async remove(ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      return db.run(sql`UPDATE tenants SET is_deleted = 1 WHERE id IN (${sql.join(ids)})`);
    },
    async setting(ids: number[], accountNumber: number, expireTime: string | null): Promise<number> {
      if (ids.length === 0) return 0;
      return db.run(sql`
        UPDATE tenants SET account_number = ${accountNumber}, expire_time = ${expireTime}
        WHERE is_deleted = 0 AND id IN (${sql.join(ids)})`);
    },
  };
}

/** The given fields of the input (column names from FIELDS only, never from the request). */
function pick(input: TenantInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) if (input[key] !== undefined) out[key] = input[key];
  return out;
}

export function paramsRepo(db: Db) {
  return {
    async value(tenantId: string, key: string): Promise<string | undefined> {
      const row = await db.get<{ param_value: string }>(
        sql`SELECT param_value FROM params WHERE tenant_id = ${tenantId} AND param_key = ${key}`,
      );
      return row?.param_value;
    },
    list(tenantId: string): Promise<ParamRow[]> {
      return db.all<ParamRow>(sql`SELECT * FROM params WHERE tenant_id = ${tenantId} ORDER BY id`);
    },
    async upsert(tenantId: string, name: string, key: string, value: string, remark = '') {
      await db.run(sql`
        INSERT INTO params (tenant_id, param_name, param_key, param_value, remark)
        VALUES (${tenantId}, ${name}, ${key}, ${value}, ${remark})
        ON CONFLICT (tenant_id, param_key) DO UPDATE SET param_value = excluded.param_value`);
    },
  };
}
