import { type Db, sql } from '../database.ts';
import { type PageArgs, pagedQuery } from '../paged.ts';
import { likeAll, whereOf } from './util.ts';

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
    all(tenantId: string): Promise<DeptRow[]> {
      return db.all<DeptRow>(
        sql`SELECT * FROM depts WHERE tenant_id = ${tenantId} AND is_deleted = 0 ORDER BY sort, id`,
      );
    },
    byId(tenantId: string, id: number): Promise<DeptRow | undefined> {
      return db.get<DeptRow>(
        sql`SELECT * FROM depts WHERE tenant_id = ${tenantId} AND id = ${id} AND is_deleted = 0`,
      );
    },
    sites(
      tenantId: string,
      filter: { stationId?: string; deptName?: string; linkman?: string },
      page: PageArgs,
    ) {
      const where = [
        sql`tenant_id = ${tenantId}`,
        sql`is_deleted = 0`,
        sql`dept_category = 4`,
        ...likeAll(db, { station_id: filter.stationId, dept_name: filter.deptName, linkman: filter.linkman }),
      ];
      return pagedQuery<DeptRow>(db, { from: sql`depts ${whereOf(where)}`, orderBy: sql`sort, id` }, page);
    },
    insert(row: Omit<DeptRow, 'id'>): Promise<number> {
      return db.insert(sql`
        INSERT INTO depts (tenant_id, parent_id, dept_name, full_name, dept_category, station_id, linkman,
          contact_number, remark, sort)
        VALUES (${row.tenant_id}, ${row.parent_id}, ${row.dept_name}, ${row.full_name}, ${row.dept_category},
          ${row.station_id}, ${row.linkman}, ${row.contact_number}, ${row.remark}, ${row.sort})
        RETURNING id`);
    },
    /** The tenant's live site whose station id is `stationId` (case and surrounding blanks ignored). */
    siteByStationId(tenantId: string, stationId: string): Promise<DeptRow | undefined> {
      return db.get<DeptRow>(sql`
        SELECT * FROM depts WHERE tenant_id = ${tenantId} AND is_deleted = 0 AND dept_category = 4
          AND lower(trim(station_id)) = lower(trim(${stationId})) ORDER BY id LIMIT 1`);
    },
    /** The tenant's top department (the company a new site goes under when no parent is named). */
    root(tenantId: string): Promise<DeptRow | undefined> {
      return db.get<DeptRow>(sql`
        SELECT * FROM depts WHERE tenant_id = ${tenantId} AND parent_id = 0 AND is_deleted = 0
        ORDER BY sort, id LIMIT 1`);
    },
    /** The next sort number among the tenant's sites (a new site shows last). */
    async nextSiteSort(tenantId: string): Promise<number> {
      const row = await db.get<{ sort: number | null }>(
        sql`SELECT MAX(sort) AS sort FROM depts WHERE tenant_id = ${tenantId} AND dept_category = 4`,
      );
      return (row?.sort ?? 0) + 1;
    },
    updateSite(
      tenantId: string,
      id: number,
      fields: Pick<
        DeptRow,
        'station_id' | 'dept_name' | 'linkman' | 'contact_number' | 'remark' | 'parent_id'
      >,
    ): Promise<number> {
      return db.run(sql`
        UPDATE depts SET station_id = ${fields.station_id}, dept_name = ${fields.dept_name},
          full_name = ${fields.dept_name}, linkman = ${fields.linkman}, contact_number = ${fields.contact_number},
          remark = ${fields.remark}, parent_id = ${fields.parent_id}
        WHERE tenant_id = ${tenantId} AND id = ${id} AND dept_category = 4 AND is_deleted = 0`);
    },
    /** Marks the sites deleted and drops the default-station choices that named them; one transaction. */
    removeSites(tenantId: string, ids: number[]): Promise<number> {
      return db.transaction(async () => {
        let removed = 0;
        for (const id of ids) {
          removed += await db.run(sql`
            UPDATE depts SET is_deleted = 1
            WHERE tenant_id = ${tenantId} AND id = ${id} AND dept_category = 4 AND is_deleted = 0`);
          await db.run(sql`DELETE FROM user_dept_config WHERE tenant_id = ${tenantId} AND dept_id = ${id}`);
        }
        return removed;
      });
    },
    config(tenantId: string, userId: number) {
      return db.get<{ id: number; user_id: number; dept_id: number }>(
        sql`SELECT * FROM user_dept_config WHERE tenant_id = ${tenantId} AND user_id = ${userId}`,
      );
    },
    setConfig(tenantId: string, userId: number, deptId: number): Promise<number> {
      return db.run(sql`
        INSERT INTO user_dept_config (tenant_id, user_id, dept_id) VALUES (${tenantId}, ${userId}, ${deptId})
        ON CONFLICT (user_id) DO UPDATE SET dept_id = excluded.dept_id`);
    },
  };
}

export interface ApkRow {
  package_name: string;
  version_name: string;
  version_code: number;
  url: string;
  create_time: string;
}

export function miscRepo(db: Db) {
  return {
    i18nByPrefix(language: string, prefix: string) {
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db.all<{ code: string; text: string }>(sql`
        SELECT code, text FROM i18n WHERE language = ${language} AND code ${db.like} ${pattern} ESCAPE '\\'
        ORDER BY code`);
    },
    async insertI18n(language: string, code: string, text: string) {
      await db.run(sql`
        INSERT INTO i18n (language, code, text) VALUES (${language}, ${code}, ${text})
        ON CONFLICT (language, code) DO UPDATE SET text = excluded.text`);
    },
    newestApk(packageName: string): Promise<ApkRow | undefined> {
      return db.get<ApkRow>(
        sql`SELECT * FROM app_versions WHERE package_name = ${packageName} ORDER BY version_code DESC LIMIT 1`,
      );
    },
    async insertApk(
      packageName: string,
      versionName: string,
      versionCode: number,
      url: string,
      time: string,
    ) {
      await db.run(sql`
        INSERT INTO app_versions (package_name, version_name, version_code, url, create_time)
        VALUES (${packageName}, ${versionName}, ${versionCode}, ${url}, ${time})`);
    },
  };
}
