import { type Db, sql } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { likeAll } from './util.ts';

export interface DictRow {
  id: number;
  tenant_id: string;
  parent_id: number;
  code: string;
  dict_key: string;
  dict_value: string;
  sort: number;
  remark: string;
  is_sealed: number;
}

/** Dictionaries: rows of tenant 000000 are shared (read-only for other tenants); tenants may add their own. */
export function dictsRepo(db: Db) {
  const visible = (tenantId: string) =>
    sql`(tenant_id = '000000' OR tenant_id = ${tenantId}) AND is_deleted = 0`;
  return {
    parents(tenantId: string, filter: { code?: string; dictValue?: string }, page: PageArgs) {
      const where = [
        visible(tenantId),
        sql`parent_id = 0`,
        ...likeAll(db, { code: filter.code, dict_value: filter.dictValue }),
      ];
      return pagedQuery<DictRow>(
        db,
        { from: sql`dicts WHERE ${sql.join(where, sql` AND `)}`, orderBy: sql`sort, id` },
        page,
      );
    },
    children(tenantId: string, parentId: number): Promise<DictRow[]> {
      return db.all<DictRow>(
        sql`SELECT * FROM dicts WHERE ${visible(tenantId)} AND parent_id = ${parentId} ORDER BY sort, id`,
      );
    },
    byId(tenantId: string, id: number): Promise<DictRow | undefined> {
      return db.get<DictRow>(sql`SELECT * FROM dicts WHERE ${visible(tenantId)} AND id = ${id}`);
    },
    byCode(tenantId: string, code: string): Promise<DictRow[]> {
      return db.all<DictRow>(
        sql`SELECT * FROM dicts WHERE ${visible(tenantId)} AND code = ${code} ORDER BY parent_id, sort, id`,
      );
    },
    insert(row: Omit<DictRow, 'id'>): Promise<number> {
      return db.insert(sql`
        INSERT INTO dicts (tenant_id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed)
        VALUES (${row.tenant_id}, ${row.parent_id}, ${row.code}, ${row.dict_key}, ${row.dict_value}, ${row.sort},
                ${row.remark}, ${row.is_sealed})
        RETURNING id`);
    },
    update(
      tenantId: string,
      id: number,
      row: Pick<DictRow, 'dict_key' | 'dict_value' | 'sort' | 'remark'>,
    ): Promise<number> {
      return db.run(sql`
        UPDATE dicts SET dict_key = ${row.dict_key}, dict_value = ${row.dict_value}, sort = ${row.sort},
          remark = ${row.remark}
        WHERE id = ${id} AND tenant_id = ${tenantId} AND is_deleted = 0`);
    },
    /** Ids among `ids` owned by the tenant (rows that tenant may change). */
    ownedCount(tenantId: string, ids: number[]): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      return countOf(
        db,
        sql`dicts WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND is_sealed = 0 AND id IN (${sql.join(ids)})`,
      );
    },
    remove(tenantId: string, ids: number[]): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      const list = sql.join(ids);
      return db.run(
        sql`UPDATE dicts SET is_deleted = 1 WHERE tenant_id = ${tenantId} AND (id IN (${list}) OR parent_id IN (${list}))`,
      );
    },
  };
}
