/**
 * Every key the shared core writes, with its BladeX name (stored as prefix + name) and its area. Local
 * storage is shared by the tabs of the console and by the other apps of the platform; session storage
 * belongs to one tab. The access and refresh tokens are the only credentials stored; passwords never are
 * (the lock keeps a salted hash).
 */
export type StorageArea = 'local' | 'session';

export interface StorageKey {
  /** The name after the site prefix: `access-token` is stored as `saber-access-token`. */
  readonly name: string;
  readonly area: StorageArea;
  /** Stored without the site prefix (the platform's shared `loginUser`). */
  readonly unprefixed?: boolean;
}

const local = (name: string): StorageKey => ({ name, area: 'local' });
const session = (name: string): StorageKey => ({ name, area: 'session' });

export const KEYS = {
  token: local('access-token'),
  refreshToken: local('refresh-token'),
  hzToken: local('hzToken'),
  tenantId: local('tenantId'),
  sourceTenantId: local('sourceTenantId'),
  userInfo: local('userInfo'),
  permission: local('permission'),
  roles: local('roles'),
  menu: local('menu'),
  menuAll: local('menuAll'),
  menuApps: local('menuApps'),
  appsAll: local('appsAll'),
  subStation: local('subStation'),
  dataAuthKey: local('dataAuthKey'),
  fromThirds: local('fromThirds'),
  systemParams: local('systemParams'),
  /** The last signed-in account name (never a password), shared by the platform's login pages. */
  loginUser: { name: 'loginUser', area: 'local', unprefixed: true } as StorageKey,
  isLock: session('isLock'),
  lockPasswdHash: session('lockPasswdHash'),
  errorLog: local('errorLog'),
  /** The page tag bar of this tab (kept through a reload; a new tab starts at home). */
  tagList: session('tagList'),
  /** The system this tab shows once its user switched (`{ tenantId, account, type }`, spec §4 System type). */
  systemType: session('systemType'),
  /** The sidebar's dragged width in px, for every tab. */
  sidebarWidth: local('sidebarWidth'),
} as const satisfies Record<string, StorageKey>;

export type KeyId = keyof typeof KEYS;
