// Test doubles of @ops/shared for the tests of every package (`@ops/shared/test-support`); no bundle
// loads them. The HTTP doubles are imported by their own paths (./http/…).
export type { ManualClock } from './clock';
export { manualClock } from './clock';
export { MemoryStorage } from './memory-storage';
