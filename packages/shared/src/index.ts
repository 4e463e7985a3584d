export type { Bus, ScopedBus } from './bus/bus';
export { createBus, scopeOf } from './bus/bus';
export { bus } from './bus/root';
export * from './bus/topics';
export * from './config';
export * from './crypto';
export * from './error-log';
export { consoleGlobals, loadShared } from './host/console-globals';
export type {
  HostContext,
  HostServices,
  LanguageView,
  NavigateOptions,
  SessionView,
} from './host/context';
export { contextOf, hostServicesOf } from './host/context';
export type { HostProps, Lifecycles, ModuleLifecycles } from './host/lifecycles';
export { hostLifecycles, normalizeLifecycles } from './host/lifecycles';
export type { SlotOptions } from './host/slot';
export {
  createSlot,
  MountTimeoutError,
  publishSlotStatus,
  SLOT_LOADER_DELAY,
  SLOT_MOUNT_TIMEOUT,
} from './host/slot';
export type { PageApi, SubAppProps } from './host/sub-app';
export { slotText } from './host/texts';
export * from './http';
export * from './i18n';
export type { LoadModule, ModuleRegistry } from './loader/load-module';
export { createModuleLoader, ModuleLoadError } from './loader/load-module';
export * from './permissions';
export * from './routing';
export * from './runtime';
export * from './session';
export * from './storage';
export {
  CssChunkLoadError,
  holdStylesheet,
  holdStylesheetReady,
  STYLESHEET_TIMEOUT,
  withStylesheets,
} from './styles/stylesheets';
export * from './validators';
