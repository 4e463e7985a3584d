export type { NoticeKind, Notifier, Runtime, RuntimeOptions, RuntimeParts } from './runtime';
export { createRuntime, startRuntime } from './runtime';
