import type { Db } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { placeholders, whereLike } from './util.ts';

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

export function tenantsRepo(db: Db) {
  return {
    byTenantId(tenantId: string): TenantRow | undefined {
      return db.prepare('SELECT * FROM tenants WHERE tenant_id = ? AND is_deleted = 0').get(tenantId) as
        | TenantRow
        | undefined;
    },
    byId(id: number): TenantRow | undefined {
      return db.prepare('SELECT * FROM tenants WHERE id = ? AND is_deleted = 0').get(id) as
        | TenantRow
        | undefined;
    },
    byDomain(domain: string): TenantRow | undefined {
      return db.prepare('SELECT * FROM tenants WHERE domain = ? AND is_deleted = 0').get(domain) as
        | TenantRow
        | undefined;
    },
    list(filter: { tenantId?: string; tenantName?: string }, page: PageArgs) {
      const where = ['is_deleted = 0'];
      const args: unknown[] = [];
      whereLike(where, args, { tenant_id: filter.tenantId, tenant_name: filter.tenantName });
      return pagedQuery<TenantRow>(
        db,
        { from: `tenants WHERE ${where.join(' AND ')}`, args, orderBy: 'tenant_id' },
        page,
      );
    },
    insert(tenantId: string, input: TenantInput, time: string): number {
      const row = { tenant_id: tenantId, create_time: time, ...pick(input) };
      const keys = Object.keys(row);
      return Number(
        db
          .prepare(`INSERT INTO tenants (${keys.join(', ')}) VALUES (${keys.map((k) => `@${k}`).join(', ')})`)
          .run(row).lastInsertRowid,
      );
    },
    update(id: number, input: TenantInput): number {
      const row = pick(input);
      const keys = Object.keys(row);
      if (keys.length === 0) return 0;
      return db
        .prepare(
          `UPDATE tenants SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id AND is_deleted = 0`,
        )
        .run({ ...row, id }).changes;
    },
    countIds(ids: number[]): number {
      return countOf(db, `tenants WHERE is_deleted = 0 AND id IN (${placeholders(ids)})`, ...ids);
    },
    hasPlatform(ids: number[]): boolean {
      return !!db
        .prepare(`SELECT 1 FROM tenants WHERE tenant_id = '000000' AND id IN (${placeholders(ids)})`)
        .get(...ids);
    },
    remove(ids: number[]): number {
      return db.prepare(`UPDATE tenants SET is_deleted = 1 WHERE id IN (${placeholders(ids)})`).run(...ids)
        .changes;
    },
    setting(ids: number[], accountNumber: number, expireTime: string | null): number {
      return db
        .prepare(
          `UPDATE tenants SET account_number = ?, expire_time = ? WHERE is_deleted = 0 AND id IN (${placeholders(ids)})`,
        )
        .run(accountNumber, expireTime, ...ids).changes;
    },
  };
}

function pick(input: TenantInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of FIELDS) if (input[key] !== undefined) out[key] = input[key];
  return out;
}

export function paramsRepo(db: Db) {
  return {
    value(tenantId: string, key: string): string | undefined {
      const row = db
        .prepare('SELECT param_value FROM params WHERE tenant_id = ? AND param_key = ?')
        .get(tenantId, key) as { param_value: string } | undefined;
      return row?.param_value;
    },
    list(tenantId: string) {
      return db.prepare('SELECT * FROM params WHERE tenant_id = ? ORDER BY id').all(tenantId) as {
        id: number;
        param_name: string;
        param_key: string;
        param_value: string;
        remark: string;
      }[];
    },
    upsert(tenantId: string, name: string, key: string, value: string, remark = '') {
      db.prepare(
        `INSERT INTO params (tenant_id, param_name, param_key, param_value, remark) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (tenant_id, param_key) DO UPDATE SET param_value = excluded.param_value`,
      ).run(tenantId, name, key, value, remark);
    },
  };
}
