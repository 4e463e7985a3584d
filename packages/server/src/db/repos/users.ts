import { type Db, sql } from '../database.ts';
import { countOf, type PageArgs, pagedQuery } from '../paged.ts';
import { likeAll, likeOf, whereOf } from './util.ts';

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

export interface OauthRow {
  id: number;
  user_id: number | null;
  username: string;
  nickname: string;
  avatar: string;
  source: string;
}

const LIVE = sql`is_deleted = 0`;

/** The columns an update may change (names from the code, never from the request). */
const UPDATABLE = [
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

export function usersRepo(db: Db) {
  return {
    byAccount(tenantId: string, account: string): Promise<UserRow | undefined> {
      return db.get<UserRow>(
        sql`SELECT * FROM users WHERE tenant_id = ${tenantId} AND account = ${account} AND ${LIVE}`,
      );
    },
    byId(tenantId: string, id: number): Promise<UserRow | undefined> {
      return db.get<UserRow>(
        sql`SELECT * FROM users WHERE tenant_id = ${tenantId} AND id = ${id} AND ${LIVE}`,
      );
    },
    byPhone(tenantId: string, phone: string): Promise<UserRow | undefined> {
      return db.get<UserRow>(
        sql`SELECT * FROM users WHERE tenant_id = ${tenantId} AND phone = ${phone} AND ${LIVE}`,
      );
    },
    async countIn(tenantId: string, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      return countOf(db, sql`users WHERE tenant_id = ${tenantId} AND ${LIVE} AND id IN (${sql.join(ids)})`);
    },
    page(tenantId: string, filter: { account?: string; realName?: string; deptId?: number }, page: PageArgs) {
      const where = [
        sql`tenant_id = ${tenantId}`,
        LIVE,
        ...likeAll(db, { account: filter.account, real_name: filter.realName }),
      ];
      if (filter.deptId) where.push(sql`dept_id = ${filter.deptId}`);
      return pagedQuery<UserRow>(db, { from: sql`users ${whereOf(where)}`, orderBy: sql`id` }, page);
    },
    insert(user: NewUser): Promise<number> {
      const row = { layout_state: null, login_landing: null, ...user };
      return db.insert(sql`
        INSERT INTO users (tenant_id, account, password_hash, name, real_name, avatar, email, phone, role_ids,
          dept_id, app_id, is_init, layout_state, login_landing, device_code, create_time, update_time)
        VALUES (${row.tenant_id}, ${row.account}, ${row.password_hash}, ${row.name}, ${row.real_name},
          ${row.avatar}, ${row.email}, ${row.phone}, ${row.role_ids}, ${row.dept_id}, ${row.app_id},
          ${row.is_init}, ${row.layout_state}, ${row.login_landing}, ${row.device_code}, ${row.create_time},
          ${row.update_time})
        RETURNING id`);
    },
    async update(tenantId: string, id: number, fields: Partial<UserRow>): Promise<number> {
      const sets = UPDATABLE.filter((key) => fields[key] !== undefined).map(
        (key) => sql`${sql.ref(key)} = ${fields[key]}`,
      );
      if (sets.length === 0) return 0;
      return db.run(
        sql`UPDATE users SET ${sql.join(sets)} WHERE tenant_id = ${tenantId} AND id = ${id} AND ${LIVE}`,
      );
    },
    setPassword(tenantId: string, id: number, hash: string, isInit: number, time: string): Promise<number> {
      return db.run(sql`
        UPDATE users SET password_hash = ${hash}, is_init = ${isInit}, update_time = ${time}
        WHERE tenant_id = ${tenantId} AND id = ${id} AND ${LIVE}`);
    },
    setLayout(tenantId: string, id: number, layout: string | null): Promise<number> {
      return db.run(
        sql`UPDATE users SET layout_state = ${layout} WHERE tenant_id = ${tenantId} AND id = ${id} AND ${LIVE}`,
      );
    },
    async softDelete(tenantId: string, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      return db.run(
        sql`UPDATE users SET is_deleted = 1 WHERE tenant_id = ${tenantId} AND id IN (${sql.join(ids)})`,
      );
    },
    async roles(tenantId: string, roleIds: string): Promise<RoleRow[]> {
      const ids = roleIds
        .split(',')
        .map(Number)
        .filter((n) => n > 0);
      if (ids.length === 0) return [];
      return db.all<RoleRow>(
        sql`SELECT * FROM roles WHERE tenant_id = ${tenantId} AND id IN (${sql.join(ids)}) ORDER BY sort`,
      );
    },
    /** The tenant's roles by sort, those whose name contains `roleName` when given (literally, ASCII case ignored). */
    roleList(tenantId: string, roleName?: string): Promise<RoleRow[]> {
      const contains = roleName ? sql` AND ${likeOf(db, 'role_name', roleName)}` : sql``;
      return db.all<RoleRow>(
        sql`SELECT * FROM roles WHERE tenant_id = ${tenantId}${contains} ORDER BY sort, id`,
      );
    },
    async countRoles(tenantId: string, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
      return countOf(db, sql`roles WHERE tenant_id = ${tenantId} AND id IN (${sql.join(ids)})`);
    },
    roleByAlias(tenantId: string, alias: string): Promise<RoleRow | undefined> {
      return db.get<RoleRow>(
        sql`SELECT * FROM roles WHERE tenant_id = ${tenantId} AND role_alias = ${alias}`,
      );
    },
    insertRole(tenantId: string, name: string, alias: string, sort: number): Promise<number> {
      return db.insert(sql`
        INSERT INTO roles (tenant_id, role_name, role_alias, sort) VALUES (${tenantId}, ${name}, ${alias}, ${sort})
        RETURNING id`);
    },
  };
}

export function oauthRepo(db: Db) {
  return {
    find(tenantId: string, source: string, uuid: string): Promise<OauthRow | undefined> {
      return db.get<OauthRow>(
        sql`SELECT * FROM user_oauth WHERE tenant_id = ${tenantId} AND source = ${source} AND uuid = ${uuid}`,
      );
    },
    byId(tenantId: string, id: number): Promise<OauthRow | undefined> {
      return db.get<OauthRow>(sql`SELECT * FROM user_oauth WHERE tenant_id = ${tenantId} AND id = ${id}`);
    },
    insert(row: {
      tenant_id: string;
      source: string;
      uuid: string;
      username: string;
      nickname: string;
      user_id: number | null;
    }): Promise<number> {
      return db.insert(sql`
        INSERT INTO user_oauth (tenant_id, source, uuid, username, nickname, user_id)
        VALUES (${row.tenant_id}, ${row.source}, ${row.uuid}, ${row.username}, ${row.nickname}, ${row.user_id})
        RETURNING id`);
    },
    bind(tenantId: string, id: number, userId: number): Promise<number> {
      return db.run(
        sql`UPDATE user_oauth SET user_id = ${userId} WHERE tenant_id = ${tenantId} AND id = ${id} AND user_id IS NULL`,
      );
    },
  };
}
