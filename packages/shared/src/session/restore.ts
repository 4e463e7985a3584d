import { KEYS, type SiteStorage } from '../storage';
import { EMPTY_SESSION, PERSISTED_FIELDS, type PersistedField, type SessionState } from './state';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keeps a stored value only when it has the field's shape; another app may have written something else. */
export function sanitizeField<K extends PersistedField>(field: K, value: unknown): SessionState[K] {
  const fallback = EMPTY_SESSION[field];
  if (value === undefined || value === null) return fallback;
  if (typeof fallback === 'string') {
    return (
      typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback
    ) as never;
  }
  if (Array.isArray(fallback)) return (Array.isArray(value) ? value : fallback) as never;
  if (field === 'userInfo' || field === 'subStation') return (isObject(value) ? value : fallback) as never;
  if (field === 'permission') {
    if (!isObject(value)) return fallback;
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v === true)) as never;
  }
  if (isObject(value) && isObject(fallback)) return { ...fallback, ...value } as never;
  return fallback;
}

/** The session as stored: every persisted field, and the access token's write time as its token time. */
export function readSession(storage: SiteStorage): SessionState {
  const state: Record<string, unknown> = { ...EMPTY_SESSION };
  for (const field of PERSISTED_FIELDS) state[field] = sanitizeField(field, storage.get(KEYS[field]));
  const session = state as unknown as SessionState;
  session.tokenTime = session.token ? (storage.record(KEYS.token)?.datetime ?? 0) : 0;
  return session;
}

const isEmptyValue = (value: unknown) =>
  value === '' || value === null || (Array.isArray(value) && value.length === 0);

/** Writes the fields that changed; an emptied field is removed rather than stored empty. */
export function writeChanged(storage: SiteStorage, before: SessionState, after: SessionState): void {
  for (const field of PERSISTED_FIELDS) {
    if (before[field] === after[field]) continue;
    if (isEmptyValue(after[field])) storage.remove(KEYS[field]);
    else storage.set(KEYS[field], after[field]);
  }
}
