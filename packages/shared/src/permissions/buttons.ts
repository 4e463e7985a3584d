/** A node of the `menu/buttons` answer: branches lead to buttons, the leaves carry the permission codes. */
export interface ButtonNode {
  code?: string | null;
  children?: readonly ButtonNode[] | null;
  [field: string]: unknown;
}

/** Button code -> true, the shape the platform stores under `saber-permission`. */
export type PermissionMap = Record<string, true>;

/**
 * The leaf codes of a button tree as a permission map (spec §6). A node without children, or with an
 * empty list, is a leaf; branch codes are not permissions. Walks iteratively, so depth does not matter.
 */
export function buttonPermissions(
  tree: readonly ButtonNode[] | ButtonNode | null | undefined,
): PermissionMap {
  const map: PermissionMap = {};
  const stack: unknown[] = Array.isArray(tree) ? [...tree] : tree ? [tree] : [];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || typeof node !== 'object') continue;
    const { code, children } = node as ButtonNode;
    if (Array.isArray(children) && children.length > 0) stack.push(...children);
    else if (typeof code === 'string' && code !== '') map[code] = true;
  }
  return map;
}

/** Permission codes the chrome checks (spec §6). */
export const PERMISSION = {
  warningLog: 'warring_log',
  switchAdd: 'switch_add',
  switchView: 'switch_view',
  switchEdit: 'switch_edit',
  switchDelete: 'switch_delete',
} as const;

export function hasPermission(
  map: Readonly<Record<string, unknown>> | null | undefined,
  code: string,
): boolean {
  return !!map && Object.hasOwn(map, code) && map[code] === true;
}
