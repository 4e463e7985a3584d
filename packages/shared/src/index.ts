import { createBus } from './bus/bus';

export type { Bus, ScopedBus } from './bus/bus';
export { createBus, scopeOf } from './bus/bus';
export * from './bus/topics';
export * from './config';
export * from './content';
export * from './crypto';
export * from './error-log';
export type { HostProps, Lifecycles, ModuleLifecycles } from './host/lifecycles';
export { hostLifecycles, normalizeLifecycles } from './host/lifecycles';
export type { SlotOptions } from './host/slot';
export { createSlot } from './host/slot';
export { slotText } from './host/texts';
export * from './http';
export * from './i18n';
export type { LoadModule, ModuleRegistry } from './loader/load-module';
export { createModuleLoader, ModuleLoadError } from './loader/load-module';
export * from './permissions';
export * from './session';
export * from './storage';
export { holdStylesheet, withStylesheets } from './styles/stylesheets';
export * from './validators';

/** The console's one bus. @ops/shared is a singleton through the import map, so every package shares it. */
export const bus = createBus();
