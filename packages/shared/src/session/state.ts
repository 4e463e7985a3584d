/** The session of spec §3, as the shared core keeps it. */

export interface UserInfo {
  user_id: string;
  account: string;
  user_name: string;
  real_name: string;
  nick_name: string;
  avatar: string;
  role_name: string;
  tenant_id: string;
  deptId: string;
  app_id: string;
  isInit: number | string;
  layoutState: string | null;
  oauth_id: string;
  [field: string]: unknown;
}

export interface MenuItem {
  id?: string;
  parentId?: string;
  name?: string;
  label?: string;
  path?: string;
  icon?: string;
  source?: string;
  children?: MenuItem[];
  appCode?: string;
  code?: string;
  query?: unknown;
  meta?: Record<string, unknown>;
  group?: unknown;
  [field: string]: unknown;
}

export interface AppEntry {
  code: string;
  path: string;
  [field: string]: unknown;
}

export interface SubStation {
  id: string;
  name: string;
  tenantId: string;
  deptId: string;
  [field: string]: unknown;
}

export interface FromThirds {
  fromSubApp: boolean;
  isLogin: boolean;
}

export interface SystemParams {
  isSystemAuthentication: string;
  gglmOpenRelation: string;
}

export interface SessionState {
  token: string;
  hzToken: string;
  refreshToken: string;
  /** When the access token was stored (ms): its age decides the refresh (the BladeX token record time). */
  tokenTime: number;
  tenantId: string;
  sourceTenantId: string;
  userInfo: UserInfo | null;
  permission: Record<string, boolean>;
  roles: string[];
  menu: MenuItem[];
  menuAll: MenuItem[];
  menuApps: AppEntry[];
  appsAll: AppEntry[];
  subStation: SubStation | null;
  dataAuthKey: string;
  fromThirds: FromThirds;
  systemParams: SystemParams;
}

/** The part of a token response (spec §3 "Token response", "Login response") the session keeps. */
export interface TokenGrant {
  access_token: string;
  refresh_token?: string;
  hz_access_token?: string;
  tenant_id?: string;
  /** The session's data-auth key (the reference server's `dataAuthKey`), sent as `Data-Auth`. */
  dataAuthKey?: string;
}

export const EMPTY_SESSION: SessionState = Object.freeze({
  token: '',
  hzToken: '',
  refreshToken: '',
  tokenTime: 0,
  tenantId: '',
  sourceTenantId: '',
  userInfo: null,
  permission: {},
  roles: [],
  menu: [],
  menuAll: [],
  menuApps: [],
  appsAll: [],
  subStation: null,
  dataAuthKey: '',
  fromThirds: { fromSubApp: false, isLogin: false },
  systemParams: { isSystemAuthentication: '0', gglmOpenRelation: '0' },
});

/** The persisted fields (tokenTime is the access token record's own time). */
export type PersistedField = Exclude<keyof SessionState, 'tokenTime'>;

export const PERSISTED_FIELDS: readonly PersistedField[] = [
  'token',
  'hzToken',
  'refreshToken',
  'tenantId',
  'sourceTenantId',
  'userInfo',
  'permission',
  'roles',
  'menu',
  'menuAll',
  'menuApps',
  'appsAll',
  'subStation',
  'dataAuthKey',
  'fromThirds',
  'systemParams',
];

export const TOKEN_FIELDS = ['token', 'hzToken', 'refreshToken'] as const;

export function isSignedIn(state: Pick<SessionState, 'token'>): boolean {
  return state.token !== '';
}

/** Roles as a list, from the session's roles or from the comma-separated role_name of the user info. */
export function rolesOf(state: Pick<SessionState, 'roles' | 'userInfo'>): string[] {
  if (state.roles.length) return state.roles;
  const names = state.userInfo?.role_name ?? '';
  return names
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
