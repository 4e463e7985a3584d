import type { Db } from '../database.ts';
import { countOf } from '../paged.ts';
import { placeholders } from './util.ts';

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

export function menusRepo(db: Db) {
  return {
    all(tenantId: string): MenuRow[] {
      return db
        .prepare('SELECT * FROM menus WHERE tenant_id = ? AND is_deleted = 0 ORDER BY sort, id')
        .all(tenantId) as MenuRow[];
    },
    children(tenantId: string, parentId: number): MenuRow[] {
      return db
        .prepare(
          'SELECT * FROM menus WHERE tenant_id = ? AND parent_id = ? AND is_deleted = 0 ORDER BY sort, id',
        )
        .all(tenantId, parentId) as MenuRow[];
    },
    hasChildren(tenantId: string, ids: number[]): Set<number> {
      if (ids.length === 0) return new Set();
      const rows = db
        .prepare(
          `SELECT DISTINCT parent_id FROM menus WHERE tenant_id = ? AND is_deleted = 0 AND parent_id IN (${placeholders(ids)})`,
        )
        .all(tenantId, ...ids) as { parent_id: number }[];
      return new Set(rows.map((r) => r.parent_id));
    },
    byId(tenantId: string, id: number): MenuRow | undefined {
      return db
        .prepare('SELECT * FROM menus WHERE tenant_id = ? AND id = ? AND is_deleted = 0')
        .get(tenantId, id) as MenuRow | undefined;
    },
    byCode(tenantId: string, code: string): MenuRow | undefined {
      return db
        .prepare('SELECT * FROM menus WHERE tenant_id = ? AND code = ? AND is_deleted = 0')
        .get(tenantId, code) as MenuRow | undefined;
    },
    insert(row: MenuInput): number {
      return Number(
        db
          .prepare(
            `INSERT INTO menus (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
          )
          .run(row).lastInsertRowid,
      );
    },
    update(tenantId: string, id: number, row: MenuInput): number {
      const sets = COLUMNS.filter((c) => c !== 'tenant_id').map((c) => `${c} = @${c}`);
      return db
        .prepare(`UPDATE menus SET ${sets.join(', ')} WHERE id = @id AND tenant_id = @tid AND is_deleted = 0`)
        .run({ ...row, id, tid: tenantId }).changes;
    },
    countIn(tenantId: string, ids: number[]): number {
      return countOf(
        db,
        `menus WHERE tenant_id = ? AND is_deleted = 0 AND id IN (${placeholders(ids)})`,
        tenantId,
        ...ids,
      );
    },
    remove(tenantId: string, ids: number[]): number {
      return db
        .prepare(`UPDATE menus SET is_deleted = 1 WHERE tenant_id = ? AND id IN (${placeholders(ids)})`)
        .run(tenantId, ...ids).changes;
    },
    topMenus(tenantId: string) {
      return db.prepare('SELECT * FROM top_menus WHERE tenant_id = ? ORDER BY sort, id').all(tenantId) as {
        id: number;
        code: string;
        name: string;
        source: string;
        path: string;
        sort: number;
      }[];
    },
    topMenuMenuIds(tenantId: string, topMenuId: number): number[] | null {
      const top = db
        .prepare('SELECT id FROM top_menus WHERE tenant_id = ? AND id = ?')
        .get(tenantId, topMenuId);
      if (!top) return null;
      return (
        db.prepare('SELECT menu_id FROM top_menu_menus WHERE top_menu_id = ?').all(topMenuId) as {
          menu_id: number;
        }[]
      ).map((r) => r.menu_id);
    },
    insertTopMenu(
      tenantId: string,
      code: string,
      name: string,
      source: string,
      sort: number,
      menuIds: number[],
    ) {
      const id = Number(
        db
          .prepare('INSERT INTO top_menus (tenant_id, code, name, source, sort) VALUES (?, ?, ?, ?, ?)')
          .run(tenantId, code, name, source, sort).lastInsertRowid,
      );
      const link = db.prepare('INSERT INTO top_menu_menus (top_menu_id, menu_id) VALUES (?, ?)');
      for (const menuId of menuIds) link.run(id, menuId);
      return id;
    },
    apps(tenantId: string) {
      return db.prepare('SELECT * FROM apps WHERE tenant_id = ? ORDER BY sort, id').all(tenantId) as {
        id: number;
        code: string;
        name: string;
        path: string;
        sort: number;
        remark: string;
      }[];
    },
    insertApp(tenantId: string, code: string, name: string, path: string, sort: number, remark: string) {
      db.prepare(
        'INSERT INTO apps (tenant_id, code, name, path, sort, remark) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(tenantId, code, name, path, sort, remark);
    },
  };
}
