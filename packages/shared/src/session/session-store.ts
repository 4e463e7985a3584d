import { BehaviorSubject, type Observable } from 'rxjs';
import type { Bus } from '../bus/bus';
import { KEYS, type SiteStorage } from '../storage';
import { type Clock, systemClock } from './clock';
import { readSession, writeChanged } from './restore';
import { sameSnapshot, toSnapshot } from './snapshot';
import { EMPTY_SESSION, PERSISTED_FIELDS, type SessionState, type TokenGrant } from './state';

export interface SessionStoreOptions {
  storage: SiteStorage;
  /** When given, every change of the public part is published on the `session` topic. */
  bus?: Pick<Bus, 'publish'>;
  clock?: Clock;
  /** The window whose `storage` events carry other tabs' changes (default: the global window). */
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface SessionStore {
  readonly state$: Observable<SessionState>;
  get(): SessionState;
  /** Merges a change and persists the fields it touched. */
  update(patch: Partial<SessionState>): void;
  /** Stores the tokens of a login or refresh answer; the token time restarts now. */
  setTokens(grant: TokenGrant): void;
  /** Signs out locally: every persisted field is removed (the platform's `loginUser` stays). */
  clear(): void;
  /** The refresh token as another tab may have just rotated it. */
  storedRefreshToken(): string;
  /** Takes the whole session from storage (after another tab changed it). */
  reload(): void;
  /** Follows other tabs' writes through `storage` events; returns the function that stops it. */
  listen(): () => void;
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { storage, bus } = options;
  const clock = options.clock ?? systemClock;
  const subject = new BehaviorSubject<SessionState>(readSession(storage));
  let published: ReturnType<typeof toSnapshot> | undefined;

  const publish = (state: SessionState) => {
    const snapshot = toSnapshot(state);
    if (published !== undefined && sameSnapshot(published, snapshot)) return;
    published = snapshot;
    bus?.publish('session', snapshot);
  };

  const commit = (next: SessionState, persist: boolean) => {
    const before = subject.value;
    if (persist) writeChanged(storage, before, next);
    subject.next(next);
    publish(next);
  };

  publish(subject.value);

  const store: SessionStore = {
    state$: subject.asObservable(),
    get: () => subject.value,
    update(patch) {
      const next = { ...subject.value, ...patch };
      if (patch.token !== undefined && patch.token !== subject.value.token && patch.tokenTime === undefined) {
        next.tokenTime = patch.token ? clock.now() : 0;
      }
      commit(next, true);
    },
    setTokens(grant) {
      const current = subject.value;
      commit(
        {
          ...current,
          token: grant.access_token,
          hzToken: grant.hz_access_token ?? current.hzToken,
          refreshToken: grant.refresh_token ?? current.refreshToken,
          tenantId: grant.tenant_id || current.tenantId,
          dataAuthKey: grant.dataAuthKey || current.dataAuthKey,
          tokenTime: clock.now(),
        },
        true,
      );
    },
    clear() {
      for (const field of PERSISTED_FIELDS) storage.remove(KEYS[field]);
      commit({ ...EMPTY_SESSION }, false);
    },
    storedRefreshToken: () => {
      const value = storage.get<unknown>(KEYS.refreshToken);
      return typeof value === 'string' ? value : '';
    },
    reload() {
      commit(readSession(storage), false);
    },
    listen() {
      const target = options.target ?? window;
      const onStorage = (event: StorageEvent) => {
        if (PERSISTED_FIELDS.some((field) => storage.matches(event, KEYS[field]))) store.reload();
      };
      target.addEventListener('storage', onStorage as EventListener);
      return () => target.removeEventListener('storage', onStorage as EventListener);
    },
  };
  return store;
}
