export type { Clock, ManualClock } from './clock';
export { manualClock, systemClock } from './clock';
export type { LockChannel, LockHash, LockState, LockStateOptions } from './lock';
export { createLockState, hashLockPassword } from './lock';
export { readSession, sanitizeField } from './restore';
export type { SessionStore, SessionStoreOptions } from './session-store';
export { createSessionStore } from './session-store';
export { sha256Hex } from './sha256';
export { toSnapshot } from './snapshot';
export type {
  AppEntry,
  FromThirds,
  MenuItem,
  SessionState,
  SubStation,
  SystemParams,
  TokenGrant,
  UserInfo,
} from './state';
export { EMPTY_SESSION, isSignedIn, PERSISTED_FIELDS, rolesOf } from './state';
export { clearOnTenantMismatch, tenantIdFromUrl, tenantMismatch } from './tenant-url';
export type { TokenAgeCheckOptions } from './token-age';
export { DEFAULT_TOKEN_TIME_SEC, isTokenDue, startTokenAgeCheck, TOKEN_CHECK_INTERVAL_MS } from './token-age';
