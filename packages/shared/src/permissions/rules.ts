/** Role, tenant and account rules of spec §4 System type and §6, as plain predicates for the chrome. */

/** The platform (super) tenant. */
export const PLATFORM_TENANT = '000000';
/** Platform operator accounts: never in visual mode, and the only ones that get the alarm popup. */
const OPERATOR_ACCOUNTS = ['admin', 'hzinfo'];

export type SystemType = 'manage' | 'visual';

/** Role names arrive as one comma-separated `role_name` or as a list. */
function roleList(roles: string | readonly string[] | null | undefined): string[] {
  const list = typeof roles === 'string' ? roles.split(',') : (roles ?? []);
  return list.map((r) => r.trim()).filter(Boolean);
}

/** DECISIONS 17: any role name containing `admin`, ignoring case, sees the theme customiser. */
export function isAdminRole(roleName: string | readonly string[] | null | undefined): boolean {
  return roleList(roleName).some((r) => r.toLowerCase().includes('admin'));
}

export interface LayoutStateLike {
  showVisual?: unknown;
  [field: string]: unknown;
}

/** layoutState is stored as a JSON string on the user; a broken one counts as no preference. */
export function parseLayoutState(layoutState: string | LayoutStateLike | null | undefined): LayoutStateLike {
  if (!layoutState) return {};
  if (typeof layoutState !== 'string') return layoutState;
  try {
    const parsed: unknown = JSON.parse(layoutState);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as LayoutStateLike) : {};
  } catch {
    return {};
  }
}

export interface SystemTypeInput {
  tenantId: string | null | undefined;
  account: string | null | undefined;
  layoutState: string | LayoutStateLike | null | undefined;
}

/** Visual only if the tenant is not the platform, the account is neither admin nor hzinfo, and showVisual is on. */
export function systemType({ tenantId, account, layoutState }: SystemTypeInput): SystemType {
  const show = parseLayoutState(layoutState).showVisual;
  const visual =
    tenantId !== PLATFORM_TENANT &&
    !OPERATOR_ACCOUNTS.includes(account ?? '') &&
    (show === true || show === 'true');
  return visual ? 'visual' : 'manage';
}

/** The platform tenant cannot enable visual display or rename the systems (spec §6). */
export const canEnableVisual = (tenantId: string | null | undefined): boolean =>
  !!tenantId && tenantId !== PLATFORM_TENANT;

export interface VisualSwitchInput {
  imsEnabled: boolean;
  tenantId: string | null | undefined;
  /** Whether the user's menu holds a visual-system entry. */
  hasVisualMenu: boolean;
}

/** The visual-system button: IMS feature on, a tenant that may use visual display, and a visual menu. */
export function canShowVisualSwitch({ imsEnabled, tenantId, hasVisualMenu }: VisualSwitchInput): boolean {
  return imsEnabled && hasVisualMenu && canEnableVisual(tenantId);
}

/** Site switch and return-to-main-site: station flag on and not the platform tenant. */
export function showsSiteSwitch(
  stationFlag: boolean | null | undefined,
  tenantId: string | null | undefined,
): boolean {
  return !!stationFlag && !!tenantId && tenantId !== PLATFORM_TENANT;
}

/** The alarm popup: accounts admin or hzinfo whose department is not the platform's 000000. */
export function showsAlarmPopup(
  account: string | null | undefined,
  deptId: string | null | undefined,
): boolean {
  return OPERATOR_ACCOUNTS.includes(account ?? '') && deptId !== PLATFORM_TENANT;
}

/** The AI robot: gglmOpenRelation '1' (or 1, DECISIONS 4) and the manage system. */
export function showsAssistant(gglmOpenRelation: unknown, type: SystemType): boolean {
  return (gglmOpenRelation === '1' || gglmOpenRelation === 1) && type === 'manage';
}

export interface MenuItemLike {
  meta?: { roles?: string | readonly string[] | null; [field: string]: unknown } | null;
  [field: string]: unknown;
}

/** A menu item is visible when it names no roles, or the user holds one of them. */
export function menuItemVisible(
  item: MenuItemLike,
  roles: string | readonly string[] | null | undefined,
): boolean {
  const required = roleList(item.meta?.roles);
  if (required.length === 0) return true;
  const held = new Set(roleList(roles));
  return required.some((r) => held.has(r));
}
