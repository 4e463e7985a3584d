import type { SessionSnapshot } from '../bus/topics';
import { isSignedIn, rolesOf, type SessionState } from './state';

/** What the bus carries about the session: who is signed in and what they may do, never a token. */
export function toSnapshot(state: SessionState): SessionSnapshot | null {
  if (!isSignedIn(state)) return null;
  const user = state.userInfo;
  return {
    tenantId: state.tenantId || user?.tenant_id || '',
    userId: user?.user_id ?? '',
    account: user?.account ?? '',
    userName: user?.user_name ?? '',
    roles: rolesOf(state),
    realName: user?.real_name ?? '',
    deptId: user?.deptId ?? '',
    roleName: user?.role_name ?? '',
    sourceTenantId: state.sourceTenantId,
    permission: state.permission,
  };
}

export function sameSnapshot(a: SessionSnapshot | null, b: SessionSnapshot | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
