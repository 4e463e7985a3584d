import type { SessionView } from '@ops/shared';
import { useEffect, useState } from 'react';

/**
 * The button permission codes of the system pages (menu category 2, seeded under each page's menu item).
 * A page shows a button only when the session's `permission` map has its code; the server refuses the
 * call behind it with 403 when the caller's menus lack the code (the same codes, packages/server
 * `config.button` / `requireButton`).
 */
export const BUTTONS = {
  tenantAdd: 'tenant_add',
  tenantEdit: 'tenant_edit',
  tenantDelete: 'tenant_delete',
  tenantSetting: 'tenant_setting',
  userAdd: 'user_add',
  userEdit: 'user_edit',
  userDelete: 'user_delete',
  userReset: 'user_reset',
  userRole: 'user_role',
  dictAdd: 'dict_add',
  dictEdit: 'dict_edit',
  dictDelete: 'dict_delete',
  menuAdd: 'menu_add',
  menuEdit: 'menu_edit',
  menuDelete: 'menu_delete',
} as const;

export type ButtonCode = (typeof BUTTONS)[keyof typeof BUTTONS];

/** Whether a permission map grants a code (only `true` counts; an inherited key does not). */
export function allows(permission: Readonly<Record<string, boolean>>, code: ButtonCode): boolean {
  return Object.hasOwn(permission, code) && permission[code] === true;
}

/** `can(code)`: the session's button permissions, following the session while mounted. */
export function usePermissions(session: SessionView): (code: ButtonCode) => boolean {
  const [permission, setPermission] = useState(() => session.get().permission);
  useEffect(() => {
    const sub = session.state$.subscribe((state) => setPermission(state.permission));
    return () => sub.unsubscribe();
  }, [session]);
  return (code) => allows(permission, code);
}

/** The items (row actions, toolbar buttons) whose button code the session holds; the others are not shown. */
export function permitted<T extends { code: ButtonCode }>(
  can: (code: ButtonCode) => boolean,
  items: T[],
): T[] {
  return items.filter((item) => can(item.code));
}
