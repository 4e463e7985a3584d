export type { ButtonNode, PermissionMap } from './buttons';
export { buttonPermissions, hasPermission, PERMISSION } from './buttons';
export type { LayoutStateLike, MenuItemLike, SystemType, SystemTypeInput, VisualSwitchInput } from './rules';
export {
  canEnableVisual,
  canShowVisualSwitch,
  isAdminRole,
  menuItemVisible,
  PLATFORM_TENANT,
  parseLayoutState,
  showsAlarmPopup,
  showsAssistant,
  showsSiteSwitch,
  systemType,
} from './rules';
