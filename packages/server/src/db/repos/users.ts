import type { Db } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { placeholders, whereLike } from './util.ts';

export interface UserRow {
  id: number;
  tenant_id: string;
  account: string;
  password_hash: string;
  name: string;
  real_name: string;
  avatar: string;
  email: string;
  phone: string;
  role_ids: string;
  dept_id: number | null;
  app_id: string;
  is_init: number;
  layout_state: string | null;
  /** The landing directive of the login answer (JSON of `LoginLanding`, auth-shared.ts), or null. */
  login_landing?: string | null;
  default_dept_id: number | null;
  device_code: string;
  status: number;
  create_time: string;
  update_time: string;
}

export interface RoleRow {
  id: number;
  tenant_id: string;
  role_name: string;
  role_alias: string;
  sort: number;
}

export type NewUser = Omit<UserRow, 'id' | 'layout_state' | 'default_dept_id' | 'status'> & {
  layout_state?: string | null;
};

const LIVE = 'is_deleted = 0';

export function usersRepo(db: Db) {
  return {
    byAccount(tenantId: string, account: string): UserRow | undefined {
      return db
        .prepare(`SELECT * FROM users WHERE tenant_id = ? AND account = ? AND ${LIVE}`)
        .get(tenantId, account) as UserRow | undefined;
    },
    byId(tenantId: string, id: number): UserRow | undefined {
      return db.prepare(`SELECT * FROM users WHERE tenant_id = ? AND id = ? AND ${LIVE}`).get(tenantId, id) as
        | UserRow
        | undefined;
    },
    byPhone(tenantId: string, phone: string): UserRow | undefined {
      return db
        .prepare(`SELECT * FROM users WHERE tenant_id = ? AND phone = ? AND ${LIVE}`)
        .get(tenantId, phone) as UserRow | undefined;
    },
    countIn(tenantId: string, ids: number[]): number {
      return countOf(
        db,
        `users WHERE tenant_id = ? AND ${LIVE} AND id IN (${placeholders(ids)})`,
        tenantId,
        ...ids,
      );
    },
    page(tenantId: string, filter: { account?: string; realName?: string; deptId?: number }, page: PageArgs) {
      const where = [`tenant_id = ?`, LIVE];
      const args: unknown[] = [tenantId];
      whereLike(where, args, { account: filter.account, real_name: filter.realName });
      if (filter.deptId) {
        where.push('dept_id = ?');
        args.push(filter.deptId);
      }
      return pagedQuery<UserRow>(
        db,
        { from: `users WHERE ${where.join(' AND ')}`, args, orderBy: 'id' },
        page,
      );
    },
    insert(user: NewUser): number {
      const info = db
        .prepare(
          `INSERT INTO users (tenant_id, account, password_hash, name, real_name, avatar, email, phone, role_ids,
            dept_id, app_id, is_init, layout_state, login_landing, device_code, create_time, update_time)
           VALUES (@tenant_id, @account, @password_hash, @name, @real_name, @avatar, @email, @phone, @role_ids,
            @dept_id, @app_id, @is_init, @layout_state, @login_landing, @device_code, @create_time, @update_time)`,
        )
        .run({ layout_state: null, login_landing: null, ...user });
      return Number(info.lastInsertRowid);
    },
    update(tenantId: string, id: number, fields: Partial<UserRow>): number {
      const allowed = [
        'name',
        'real_name',
        'avatar',
        'email',
        'phone',
        'dept_id',
        'device_code',
        'status',
        'role_ids',
        'update_time',
      ] as const;
      const sets: string[] = [];
      const args: unknown[] = [];
      for (const key of allowed) {
        if (fields[key] !== undefined) {
          sets.push(`${key} = ?`);
          args.push(fields[key]);
        }
      }
      if (sets.length === 0) return 0;
      return db
        .prepare(`UPDATE users SET ${sets.join(', ')} WHERE tenant_id = ? AND id = ? AND ${LIVE}`)
        .run(...args, tenantId, id).changes;
    },
    setPassword(tenantId: string, id: number, hash: string, isInit: number, time: string): number {
      return db
        .prepare(
          `UPDATE users SET password_hash = ?, is_init = ?, update_time = ? WHERE tenant_id = ? AND id = ? AND ${LIVE}`,
        )
        .run(hash, isInit, time, tenantId, id).changes;
    },
    setLayout(tenantId: string, id: number, layout: string | null): number {
      return db
        .prepare(`UPDATE users SET layout_state = ? WHERE tenant_id = ? AND id = ? AND ${LIVE}`)
        .run(layout, tenantId, id).changes;
    },
    softDelete(tenantId: string, ids: number[]): number {
      return db
        .prepare(`UPDATE users SET is_deleted = 1 WHERE tenant_id = ? AND id IN (${placeholders(ids)})`)
        .run(tenantId, ...ids).changes;
    },
    roles(tenantId: string, roleIds: string): RoleRow[] {
      const ids = roleIds
        .split(',')
        .map(Number)
        .filter((n) => n > 0);
      if (ids.length === 0) return [];
      return db
        .prepare(`SELECT * FROM roles WHERE tenant_id = ? AND id IN (${placeholders(ids)}) ORDER BY sort`)
        .all(tenantId, ...ids) as RoleRow[];
    },
    /** The tenant's roles by sort, those whose name contains `roleName` when given (literally). */
    roleList(tenantId: string, roleName?: string): RoleRow[] {
      const like = roleName ? ` AND instr(role_name, ?) > 0` : '';
      const args = roleName ? [tenantId, roleName] : [tenantId];
      return db
        .prepare(`SELECT * FROM roles WHERE tenant_id = ?${like} ORDER BY sort, id`)
        .all(...args) as RoleRow[];
    },
    countRoles(tenantId: string, ids: number[]): number {
      return countOf(db, `roles WHERE tenant_id = ? AND id IN (${placeholders(ids)})`, tenantId, ...ids);
    },
    roleByAlias(tenantId: string, alias: string): RoleRow | undefined {
      return db.prepare('SELECT * FROM roles WHERE tenant_id = ? AND role_alias = ?').get(tenantId, alias) as
        | RoleRow
        | undefined;
    },
    insertRole(tenantId: string, name: string, alias: string, sort: number): number {
      return Number(
        db
          .prepare('INSERT INTO roles (tenant_id, role_name, role_alias, sort) VALUES (?, ?, ?, ?)')
          .run(tenantId, name, alias, sort).lastInsertRowid,
      );
    },
  };
}

export function oauthRepo(db: Db) {
  return {
    find(tenantId: string, source: string, uuid: string) {
      return db
        .prepare('SELECT * FROM user_oauth WHERE tenant_id = ? AND source = ? AND uuid = ?')
        .get(tenantId, source, uuid) as
        | { id: number; user_id: number | null; username: string; nickname: string; avatar: string }
        | undefined;
    },
    byId(tenantId: string, id: number) {
      return db.prepare('SELECT * FROM user_oauth WHERE tenant_id = ? AND id = ?').get(tenantId, id) as
        | {
            id: number;
            user_id: number | null;
            username: string;
            nickname: string;
            avatar: string;
            source: string;
          }
        | undefined;
    },
    insert(row: {
      tenant_id: string;
      source: string;
      uuid: string;
      username: string;
      nickname: string;
      user_id: number | null;
    }) {
      return Number(
        db
          .prepare(
            `INSERT INTO user_oauth (tenant_id, source, uuid, username, nickname, user_id)
             VALUES (@tenant_id, @source, @uuid, @username, @nickname, @user_id)`,
          )
          .run(row).lastInsertRowid,
      );
    },
    bind(tenantId: string, id: number, userId: number): number {
      return db
        .prepare('UPDATE user_oauth SET user_id = ? WHERE tenant_id = ? AND id = ? AND user_id IS NULL')
        .run(userId, tenantId, id).changes;
    },
  };
}
