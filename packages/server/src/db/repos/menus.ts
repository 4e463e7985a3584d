import { type Db, sql } from '../database.ts';
import { countOf } from '../paged.ts';

export interface MenuRow {
  id: number;
  tenant_id: string;
  parent_id: number;
  code: string;
  name: string;
  alias: string;
  path: string;
  source: string;
  category: number;
  action: number;
  is_open: number;
  iframe: number;
  sort: number;
  app_code: string;
  query: string;
  keep_alive: number;
  i18n: string;
  roles: string;
  group_name: string;
  remark: string;
  /** 1 shown in the menus users are served, 0 hidden (kept in the admin lists). */
  is_show: number;
}

export type MenuInput = Omit<MenuRow, 'id'>;

/** A menu as the console's form and the seed describe it; what is left out takes its default. */
export interface MenuFields {
  code: string;
  name: string;
  alias?: string;
  path?: string;
  source?: string;
  category: number;
  action?: number;
  isOpen?: boolean;
  iframe?: boolean;
  sort?: number;
  appCode?: string;
  query?: Record<string, unknown> | null;
  keepAlive?: boolean;
  roles?: string;
  group?: string;
  remark?: string;
  /** 1 shown (default), 0 hidden. */
  isShow?: number;
}

/** The stored row of a menu: defaults filled in, the query as JSON text, `menu.<code>` its i18n key. */
export function menuInput(tenantId: string, parentId: number, menu: MenuFields): MenuInput {
  return {
    tenant_id: tenantId,
    parent_id: parentId,
    code: menu.code,
    name: menu.name,
    alias: menu.alias ?? menu.code,
    path: menu.path ?? '',
    source: menu.source ?? '',
    category: menu.category,
    action: menu.action ?? 0,
    is_open: menu.isOpen ? 1 : 0,
    iframe: menu.iframe ? 1 : 0,
    sort: menu.sort ?? 0,
    app_code: menu.appCode ?? '',
    query: menu.query ? JSON.stringify(menu.query) : '',
    keep_alive: menu.keepAlive ? 1 : 0,
    i18n: `menu.${menu.code}`,
    roles: menu.roles ?? '',
    group_name: menu.group ?? 'manage',
    remark: menu.remark ?? '',
    is_show: menu.isShow ?? 1,
  };
}

const COLUMNS = [
  'tenant_id',
  'parent_id',
  'code',
  'name',
  'alias',
  'path',
  'source',
  'category',
  'action',
  'is_open',
  'iframe',
  'sort',
  'app_code',
  'query',
  'keep_alive',
  'i18n',
  'roles',
  'group_name',
  'remark',
  'is_show',
] as const;

export interface TopMenuRow {
  id: number;
  code: string;
  name: string;
  source: string;
  path: string;
  sort: number;
}

export interface AppRow {
  id: number;
  code: string;
  name: string;
  path: string;
  sort: number;
  remark: string;
}

/** The row's values in COLUMNS order (each bound as a parameter). */
const valuesOf = (row: MenuInput) => sql.join(COLUMNS.map((c) => row[c]));

export function menusRepo(db: Db) {
  const live = (tenantId: string) => sql`tenant_id = ${tenantId} AND is_deleted = 0`;
  return {
    all(tenantId: string): Promise<MenuRow[]> {
      return db.all<MenuRow>(sql`SELECT * FROM menus WHERE ${live(tenantId)} ORDER BY sort, id`);
    },
    children(tenantId: string, parentId: number): Promise<MenuRow[]> {
      return db.all<MenuRow>(
        sql`SELECT * FROM menus WHERE ${live(tenantId)} AND parent_id = ${parentId} ORDER BY sort, id`,
      );
    },
    async hasChildren(tenantId: string, ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.all<{ parent_id: number }>(
        sql`SELECT DISTINCT parent_id FROM menus WHERE ${live(tenantId)} AND parent_id IN (${sql.join(ids)})`,
      );
      return new Set(rows.map((r) => r.parent_id));
    },
    byId(tenantId: string, id: number): Promise<MenuRow | undefined> {
      return db.get<MenuRow>(sql`SELECT * FROM menus WHERE ${live(tenantId)} AND id = ${id}`);
    },
    byCode(tenantId: string, code: string): Promise<MenuRow | undefined> {
      return db.get<MenuRow>(sql`SELECT * FROM menus WHERE ${live(tenantId)} AND code = ${code}`);
    },
    insert(row: MenuInput): Promise<number> {
      return db.insert(
        sql`INSERT INTO menus (${sql.raw(COLUMNS.join(', '))}) VALUES (${valuesOf(row)}) RETURNING id`,
      );
    },
    update(tenantId: string, id: number, row: MenuInput): Promise<number> {
      const sets = COLUMNS.filter((c) => c !== 'tenant_id').map((c) => sql`${sql.ref(c)} = ${row[c]}`);
      return db.run(sql`UPDATE menus SET ${sql.join(sets)} WHERE id = ${id} AND ${live(tenantId)}`);
    },
    countIn(tenantId: string, ids: number[]): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      return countOf(db, sql`menus WHERE ${live(tenantId)} AND id IN (${sql.join(ids)})`);
    },
    remove(tenantId: string, ids: number[]): Promise<number> {
      if (ids.length === 0) return Promise.resolve(0);
      return db.run(
        sql`UPDATE menus SET is_deleted = 1 WHERE tenant_id = ${tenantId} AND id IN (${sql.join(ids)})`,
      );
    },
    topMenus(tenantId: string): Promise<TopMenuRow[]> {
      return db.all<TopMenuRow>(
        sql`SELECT id, code, name, source, path, sort FROM top_menus WHERE tenant_id = ${tenantId} ORDER BY sort, id`,
      );
    },
    async topMenuMenuIds(tenantId: string, topMenuId: number): Promise<number[] | null> {
      const top = await db.get(
        sql`SELECT id FROM top_menus WHERE tenant_id = ${tenantId} AND id = ${topMenuId}`,
      );
      if (!top) return null;
      const rows = await db.all<{ menu_id: number }>(
        sql`SELECT menu_id FROM top_menu_menus WHERE top_menu_id = ${topMenuId}`,
      );
      return rows.map((r) => r.menu_id);
    },
    insertTopMenu(
      tenantId: string,
      code: string,
      name: string,
      source: string,
      sort: number,
      menuIds: number[],
    ): Promise<number> {
      // The top menu and its links are one change: none of it is kept when a link fails.
      return db.transaction(async () => {
        const id = await db.insert(
          sql`INSERT INTO top_menus (tenant_id, code, name, source, sort)
              VALUES (${tenantId}, ${code}, ${name}, ${source}, ${sort}) RETURNING id`,
        );
        for (const menuId of menuIds)
          await db.run(sql`INSERT INTO top_menu_menus (top_menu_id, menu_id) VALUES (${id}, ${menuId})`);
        return id;
      });
    },
    apps(tenantId: string): Promise<AppRow[]> {
      return db.all<AppRow>(
        sql`SELECT id, code, name, path, sort, remark FROM apps WHERE tenant_id = ${tenantId} ORDER BY sort, id`,
      );
    },
    async insertApp(
      tenantId: string,
      code: string,
      name: string,
      path: string,
      sort: number,
      remark: string,
    ) {
      await db.run(
        sql`INSERT INTO apps (tenant_id, code, name, path, sort, remark)
            VALUES (${tenantId}, ${code}, ${name}, ${path}, ${sort}, ${remark})`,
      );
    },
  };
}
