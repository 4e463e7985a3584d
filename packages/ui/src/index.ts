export { CrashPanel } from './lifecycles/crash-panel';
export type { ReactLifecyclesOptions } from './lifecycles/react-lifecycles';
export { reactLifecycles } from './lifecycles/react-lifecycles';
