import type { Db } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { placeholders, whereLike } from './util.ts';

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
  const VISIBLE = `(tenant_id = '000000' OR tenant_id = ?) AND is_deleted = 0`;
  return {
    parents(tenantId: string, filter: { code?: string; dictValue?: string }, page: PageArgs) {
      const where = [VISIBLE, 'parent_id = 0'];
      const args: unknown[] = [tenantId];
      whereLike(where, args, { code: filter.code, dict_value: filter.dictValue });
      return pagedQuery<DictRow>(
        db,
        { from: `dicts WHERE ${where.join(' AND ')}`, args, orderBy: 'sort, id' },
        page,
      );
    },
    children(tenantId: string, parentId: number): DictRow[] {
      return db
        .prepare(`SELECT * FROM dicts WHERE ${VISIBLE} AND parent_id = ? ORDER BY sort, id`)
        .all(tenantId, parentId) as DictRow[];
    },
    byId(tenantId: string, id: number): DictRow | undefined {
      return db.prepare(`SELECT * FROM dicts WHERE ${VISIBLE} AND id = ?`).get(tenantId, id) as
        | DictRow
        | undefined;
    },
    byCode(tenantId: string, code: string): DictRow[] {
      return db
        .prepare(`SELECT * FROM dicts WHERE ${VISIBLE} AND code = ? ORDER BY parent_id, sort, id`)
        .all(tenantId, code) as DictRow[];
    },
    insert(row: Omit<DictRow, 'id'>): number {
      return Number(
        db
          .prepare(
            `INSERT INTO dicts (tenant_id, parent_id, code, dict_key, dict_value, sort, remark, is_sealed)
             VALUES (@tenant_id, @parent_id, @code, @dict_key, @dict_value, @sort, @remark, @is_sealed)`,
          )
          .run(row).lastInsertRowid,
      );
    },
    update(tenantId: string, id: number, row: Pick<DictRow, 'dict_key' | 'dict_value' | 'sort' | 'remark'>) {
      return db
        .prepare(
          `UPDATE dicts SET dict_key = @dict_key, dict_value = @dict_value, sort = @sort, remark = @remark
           WHERE id = @id AND tenant_id = @tid AND is_deleted = 0`,
        )
        .run({ ...row, id, tid: tenantId }).changes;
    },
    /** Ids among `ids` owned by the tenant (rows that tenant may change). */
    ownedCount(tenantId: string, ids: number[]): number {
      return countOf(
        db,
        `dicts WHERE tenant_id = ? AND is_deleted = 0 AND is_sealed = 0 AND id IN (${placeholders(ids)})`,
        tenantId,
        ...ids,
      );
    },
    remove(tenantId: string, ids: number[]): number {
      const list = placeholders(ids);
      return db
        .prepare(
          `UPDATE dicts SET is_deleted = 1 WHERE tenant_id = ? AND (id IN (${list}) OR parent_id IN (${list}))`,
        )
        .run(tenantId, ...ids, ...ids).changes;
    },
  };
}
