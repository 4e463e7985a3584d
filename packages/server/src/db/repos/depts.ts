import type { Db } from '../database.ts';
import { type PageArgs, pagedQuery } from '../paged.ts';
import { whereLike } from './util.ts';

export interface DeptRow {
  id: number;
  tenant_id: string;
  parent_id: number;
  dept_name: string;
  full_name: string | null;
  dept_category: number;
  station_id: string | null;
  linkman: string | null;
  contact_number: string | null;
  remark: string | null;
  sort: number;
}

/** dept_category: 1 company, 2 department, 3 station group (area), 4 station (site). */
export function deptsRepo(db: Db) {
  return {
    all(tenantId: string): DeptRow[] {
      return db
        .prepare('SELECT * FROM depts WHERE tenant_id = ? AND is_deleted = 0 ORDER BY sort, id')
        .all(tenantId) as DeptRow[];
    },
    byId(tenantId: string, id: number): DeptRow | undefined {
      return db
        .prepare('SELECT * FROM depts WHERE tenant_id = ? AND id = ? AND is_deleted = 0')
        .get(tenantId, id) as DeptRow | undefined;
    },
    sites(
      tenantId: string,
      filter: { stationId?: string; deptName?: string; linkman?: string },
      page: PageArgs,
    ) {
      const where = ['tenant_id = ?', 'is_deleted = 0', 'dept_category = 4'];
      const args: unknown[] = [tenantId];
      whereLike(where, args, {
        station_id: filter.stationId,
        dept_name: filter.deptName,
        linkman: filter.linkman,
      });
      return pagedQuery<DeptRow>(
        db,
        { from: `depts WHERE ${where.join(' AND ')}`, args, orderBy: 'sort, id' },
        page,
      );
    },
    insert(row: Omit<DeptRow, 'id'>): number {
      return Number(
        db
          .prepare(
            `INSERT INTO depts (tenant_id, parent_id, dept_name, full_name, dept_category, station_id, linkman,
               contact_number, remark, sort)
             VALUES (@tenant_id, @parent_id, @dept_name, @full_name, @dept_category, @station_id, @linkman,
               @contact_number, @remark, @sort)`,
          )
          .run(row).lastInsertRowid,
      );
    },
    /** The tenant's live site whose station id is `stationId` (case and surrounding blanks ignored). */
    siteByStationId(tenantId: string, stationId: string): DeptRow | undefined {
      return db
        .prepare(
          `SELECT * FROM depts WHERE tenant_id = ? AND is_deleted = 0 AND dept_category = 4
             AND lower(trim(station_id)) = lower(trim(?)) ORDER BY id LIMIT 1`,
        )
        .get(tenantId, stationId) as DeptRow | undefined;
    },
    /** The tenant's top department (the company a new site goes under when no parent is named). */
    root(tenantId: string): DeptRow | undefined {
      return db
        .prepare(
          'SELECT * FROM depts WHERE tenant_id = ? AND parent_id = 0 AND is_deleted = 0 ORDER BY sort, id LIMIT 1',
        )
        .get(tenantId) as DeptRow | undefined;
    },
    /** The next sort number among the tenant's sites (a new site shows last). */
    nextSiteSort(tenantId: string): number {
      const row = db
        .prepare('SELECT MAX(sort) AS sort FROM depts WHERE tenant_id = ? AND dept_category = 4')
        .get(tenantId) as { sort: number | null };
      return (row.sort ?? 0) + 1;
    },
    updateSite(
      tenantId: string,
      id: number,
      fields: Pick<
        DeptRow,
        'station_id' | 'dept_name' | 'linkman' | 'contact_number' | 'remark' | 'parent_id'
      >,
    ): number {
      return db
        .prepare(
          `UPDATE depts SET station_id = @station_id, dept_name = @dept_name, full_name = @dept_name,
             linkman = @linkman, contact_number = @contact_number, remark = @remark, parent_id = @parent_id
           WHERE tenant_id = @tenant_id AND id = @id AND dept_category = 4 AND is_deleted = 0`,
        )
        .run({ ...fields, tenant_id: tenantId, id }).changes;
    },
    /** Marks the sites deleted and drops the default-station choices that named them; one transaction. */
    removeSites(tenantId: string, ids: number[]): number {
      const mark = db.prepare(
        'UPDATE depts SET is_deleted = 1 WHERE tenant_id = ? AND id = ? AND dept_category = 4 AND is_deleted = 0',
      );
      const unset = db.prepare('DELETE FROM user_dept_config WHERE tenant_id = ? AND dept_id = ?');
      return db.transaction(() => {
        let removed = 0;
        for (const id of ids) {
          removed += mark.run(tenantId, id).changes;
          unset.run(tenantId, id);
        }
        return removed;
      })();
    },
    config(tenantId: string, userId: number) {
      return db
        .prepare('SELECT * FROM user_dept_config WHERE tenant_id = ? AND user_id = ?')
        .get(tenantId, userId) as { id: number; user_id: number; dept_id: number } | undefined;
    },
    setConfig(tenantId: string, userId: number, deptId: number): number {
      return Number(
        db
          .prepare(
            `INSERT INTO user_dept_config (tenant_id, user_id, dept_id) VALUES (?, ?, ?)
             ON CONFLICT (user_id) DO UPDATE SET dept_id = excluded.dept_id`,
          )
          .run(tenantId, userId, deptId).changes,
      );
    },
  };
}

export function miscRepo(db: Db) {
  return {
    i18nByPrefix(language: string, prefix: string) {
      return db
        .prepare(`SELECT code, text FROM i18n WHERE language = ? AND code LIKE ? ESCAPE '\\' ORDER BY code`)
        .all(language, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) as { code: string; text: string }[];
    },
    insertI18n(language: string, code: string, text: string) {
      db.prepare('INSERT OR REPLACE INTO i18n (language, code, text) VALUES (?, ?, ?)').run(
        language,
        code,
        text,
      );
    },
    newestApk(packageName: string) {
      return db
        .prepare('SELECT * FROM app_versions WHERE package_name = ? ORDER BY version_code DESC LIMIT 1')
        .get(packageName) as
        | {
            package_name: string;
            version_name: string;
            version_code: number;
            url: string;
            create_time: string;
          }
        | undefined;
    },
    insertApk(packageName: string, versionName: string, versionCode: number, url: string, time: string) {
      db.prepare(
        'INSERT INTO app_versions (package_name, version_name, version_code, url, create_time) VALUES (?, ?, ?, ?, ?)',
      ).run(packageName, versionName, versionCode, url, time);
    },
  };
}
