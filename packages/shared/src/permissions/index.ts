export type { ButtonNode, PermissionMap } from './buttons';
export { buttonPermissions, hasPermission, PERMISSION } from './buttons';
export * from './rules';
