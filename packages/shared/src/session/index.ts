export type { Clock } from './clock';
export { systemClock } from './clock';
export type { SessionContext, SessionEndReason } from './context';
export { contextKeyOf, createSessionContext, endReason } from './context';
export type { FlagName } from './flags';
export { clearFlags, FLAG, hasFlag, setFlag } from './flags';
export type { LockChannel, LockHash, LockState, LockStateOptions } from './lock';
export { createLockState, hashLockPassword } from './lock';
export { readSession, sanitizeField } from './restore';
export type { SessionStore, SessionStoreOptions } from './session-store';
export { createSessionStore } from './session-store';
export { sha256Hex } from './sha256';
export { clearSignInTraces, loginPathAfterSignOut, THIRD_PARTY_SESSION_PREFIXES } from './sign-out';
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
export type { TokenAgeCheckOptions } from './token-age';
export { DEFAULT_TOKEN_TIME_SEC, isTokenDue, startTokenAgeCheck, TOKEN_CHECK_INTERVAL_MS } from './token-age';
export type { LoginUser } from './token-answer';
export { recalledLoginUser, tokenAnswerEffects } from './token-answer';
