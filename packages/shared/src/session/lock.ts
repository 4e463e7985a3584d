import { BehaviorSubject, type Observable } from 'rxjs';
import { KEYS, type SiteStorage } from '../storage';
import { type Clock, systemClock } from './clock';
import { sha256Hex } from './sha256';

/**
 * Screen lock (spec §4 Lock, DECISIONS 6): the flag and a salted hash of the lock password live in session
 * storage, never the password. Every tab of the console follows a lock or unlock, and a tab opened while
 * another is locked asks on open and opens locked.
 */
export interface LockHash {
  hash: string;
  salt: string;
}

type LockMessage =
  | { type: 'query' }
  | { type: 'state'; locked: boolean; secret: LockHash | null }
  | { type: 'locked'; secret: LockHash }
  | { type: 'unlocked' }
  | { type: 'cleared' };

export interface LockChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LockStateOptions {
  storage: SiteStorage;
  /** The signed-in account: the salt binds the hash to it. */
  account: () => string;
  /** Tab-to-tab channel; default a BroadcastChannel named after the storage prefix, none if unsupported. */
  channel?: LockChannel | null;
  clock?: Clock;
  /** How long a new tab waits for other tabs to say whether they are locked. */
  answerWaitMs?: number;
}

export interface LockState {
  readonly locked$: Observable<boolean>;
  isLocked(): boolean;
  /** A lock password is set, so locking needs no dialog. */
  hasPassword(): boolean;
  /** Locks; with a password it becomes the lock password (spec: one is required to lock the first time). */
  lock(password?: string): Promise<void>;
  /** Unlocks when the password matches; the password stays set until the next login. */
  unlock(password: string): Promise<boolean>;
  /** On login and logout: no lock and no lock password, in every tab. */
  clear(): void;
  /** Resolves once other tabs answered (or did not in time): a new tab knows then whether it opens locked. */
  readonly ready: Promise<void>;
  dispose(): void;
}

export async function hashLockPassword(password: string, account: string, salt: string): Promise<string> {
  return sha256Hex(`${salt}\n${account}\n${password}`);
}

function randomSalt(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const isSecret = (value: unknown): value is LockHash =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LockHash).hash === 'string' &&
  typeof (value as LockHash).salt === 'string';

function defaultChannel(prefix: string): LockChannel | null {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(`${prefix}lock`) : null;
}

export function createLockState(options: LockStateOptions): LockState {
  const { storage } = options;
  const clock = options.clock ?? systemClock;
  const channel = options.channel === undefined ? defaultChannel(storage.prefix) : options.channel;
  const readSecret = (): LockHash | null => {
    const value = storage.get<unknown>(KEYS.lockPasswdHash);
    return isSecret(value) ? value : null;
  };
  const locked = new BehaviorSubject<boolean>(storage.get<unknown>(KEYS.isLock) === true && !!readSecret());

  const apply = (isLocked: boolean, secret: LockHash | null | undefined) => {
    if (secret === null) storage.remove(KEYS.lockPasswdHash);
    else if (secret) storage.set(KEYS.lockPasswdHash, secret);
    if (isLocked) storage.set(KEYS.isLock, true);
    else storage.remove(KEYS.isLock);
    if (locked.value !== isLocked) locked.next(isLocked);
  };
  const post = (message: LockMessage) => channel?.postMessage(message);

  let answered: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    answered = resolve;
  });

  const onMessage = (event: MessageEvent) => {
    const message = event.data as LockMessage;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'query') {
      const secret = readSecret();
      if (secret) post({ type: 'state', locked: locked.value, secret });
    } else if (message.type === 'state' && isSecret(message.secret)) {
      if (!readSecret() || message.locked) apply(message.locked || locked.value, message.secret);
      answered();
    } else if (message.type === 'locked' && isSecret(message.secret)) {
      apply(true, message.secret);
    } else if (message.type === 'unlocked') {
      apply(false, undefined);
    } else if (message.type === 'cleared') {
      apply(false, null);
    }
  };

  let stopWait: () => void = () => undefined;
  if (channel) {
    channel.addEventListener('message', onMessage);
    post({ type: 'query' });
    stopWait = clock.setTimeout(() => answered(), options.answerWaitMs ?? 150);
  } else {
    answered();
  }

  return {
    locked$: locked.asObservable(),
    isLocked: () => locked.value,
    hasPassword: () => readSecret() !== null,
    async lock(password) {
      let secret = readSecret();
      if (password !== undefined && password !== '') {
        const salt = randomSalt();
        secret = { salt, hash: await hashLockPassword(password, options.account(), salt) };
      }
      if (!secret) throw new Error('A lock password is required to lock the screen');
      apply(true, secret);
      post({ type: 'locked', secret });
    },
    async unlock(password) {
      const secret = readSecret();
      if (!secret) return false;
      const hash = await hashLockPassword(password, options.account(), secret.salt);
      if (hash !== secret.hash) return false;
      apply(false, undefined);
      post({ type: 'unlocked' });
      return true;
    },
    clear() {
      apply(false, null);
      post({ type: 'cleared' });
    },
    ready,
    dispose() {
      stopWait();
      answered();
      channel?.removeEventListener('message', onMessage);
      if (options.channel === undefined) channel?.close();
    },
  };
}
