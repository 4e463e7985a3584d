export type { NoticeKind, Notifier, Runtime, RuntimeOptions } from './runtime';
export { runtime, startRuntime } from './runtime';
