import type { Http } from '@ops/shared';
import {
  getData,
  idsParam,
  isRow,
  num,
  type Page,
  parseList,
  parsePage,
  postJson,
  postParams,
  type Row,
  text,
} from '../api';

/** The user calls (docs/api.md section 4), the roles (role/list) and the department tree (section 9). */
const BASE = '/api/blade-system/user';
export const ROLE_LIST = '/api/blade-system/role/list';
export const DEPT_TREE = '/api/hzims-operational/ims/dept/getHydropowerTree';

export interface User {
  id: string;
  account: string;
  name: string;
  realName: string;
  roleIds: string[];
  roleName: string;
  deptId: string;
  deptName: string;
  phone: string;
  email: string;
  status: number;
  createTime: string;
}

const idList = (value: unknown) => text(value).split(',').filter(Boolean);

export const readUser = (row: Row): User => ({
  id: text(row.id),
  account: text(row.account),
  name: text(row.name),
  realName: text(row.realName),
  roleIds: idList(row.roleId),
  roleName: text(row.roleName),
  deptId: text(row.deptId),
  deptName: text(row.deptName),
  phone: text(row.phone),
  email: text(row.email),
  status: num(row.status) ?? 1,
  createTime: text(row.createTime),
});

export interface UserQuery {
  current: number;
  size: number;
  account: string;
  realName: string;
  deptId: string;
}

export async function fetchUsers(http: Http, query: UserQuery, signal: AbortSignal): Promise<Page<User>> {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== ''));
  return parsePage(await getData(http, `${BASE}/page`, params, signal), readUser);
}

export interface Role {
  id: string;
  roleName: string;
}

export async function fetchRoles(http: Http, signal: AbortSignal): Promise<Role[]> {
  return parseList(await getData(http, ROLE_LIST, {}, signal), (row) => ({
    id: text(row.id),
    roleName: text(row.roleName),
  }));
}

/** A department or station of the tree, with its depth (for the tree and the department select). */
export interface Dept {
  id: string;
  name: string;
  category: number;
  children: Dept[];
}

function readDept(row: Row): Dept {
  return {
    id: text(row.id),
    name: text(row.title) || text(row.name),
    category: num(row.deptCategory) ?? 0,
    children: Array.isArray(row.children) ? row.children.filter(isRow).map(readDept) : [],
  };
}

export async function fetchDepts(http: Http, signal: AbortSignal): Promise<Dept[]> {
  return parseList(await getData(http, DEPT_TREE, {}, signal), readDept);
}

/** Every department of a tree in reading order, with its depth. */
export function flatten(depts: readonly Dept[], depth = 0): { dept: Dept; depth: number }[] {
  return depts.flatMap((dept) => [{ dept, depth }, ...flatten(dept.children, depth + 1)]);
}

export const submitUser = (http: Http, body: unknown) => postJson(http, `${BASE}/submit`, body);
export const updateUser = (http: Http, body: unknown) => postJson(http, `${BASE}/update`, body);
export const removeUsers = (http: Http, ids: string[]) =>
  postParams(http, `${BASE}/remove`, { ids: idsParam(ids) });
export const resetPasswords = (http: Http, ids: string[]) =>
  postParams(http, `${BASE}/reset-password`, { userIds: idsParam(ids) });
export const grantRoles = (http: Http, userIds: readonly string[], roleIds: readonly string[]) =>
  postParams(http, `${BASE}/grant`, { userIds: idsParam(userIds), roleIds: idsParam(roleIds) });
