import type { AxiosInstance } from 'axios';

/**
 * What the shell's public pages (sign-in, password change, lock, status pages) receive from the runtime.
 * The lead's wiring creates the real objects (shared http client, session store, lock state, site config,
 * i18n, router, toasts); tests pass fakes. The session, lock and config shapes below are the parts of the
 * shared core's `SessionStore`, `LockState` and `SiteConfig` these pages use, declared structurally so the
 * real objects fit without importing another package's sources.
 */
export type Language = 'zh' | 'en';

export interface UserInfoLike {
  user_id?: string;
  account?: string;
  user_name?: string;
  real_name?: string;
  nick_name?: string;
  role_name?: string;
  tenant_id?: string;
  isInit?: number | string;
  [field: string]: unknown;
}

export interface SessionStateLike {
  token: string;
  hzToken: string;
  refreshToken: string;
  tenantId: string;
  sourceTenantId: string;
  userInfo: UserInfoLike | null;
  permission: Record<string, boolean>;
  roles: string[];
}

export interface TokenGrantLike {
  access_token: string;
  refresh_token?: string;
  hz_access_token?: string;
  tenant_id?: string;
}

/** The shared `SessionStore` (packages/shared/src/session/session-store.ts), as these pages use it. */
export interface SessionLike {
  get(): SessionStateLike;
  update(patch: Partial<SessionStateLike>): void;
  setTokens(grant: TokenGrantLike): void;
  clear(): void;
}

/** The shared `LockState` (packages/shared/src/session/lock.ts), as these pages use it. */
export interface LockLike {
  isLocked(): boolean;
  hasPassword(): boolean;
  lock(password?: string): Promise<void>;
  unlock(password: string): Promise<boolean>;
  clear(): void;
}

/** The shared `SiteConfig` fields these pages read. */
export interface SiteConfigLike {
  title: string;
  lockPage: string;
  aesKey: string;
  storagePrefix: string;
}

export interface Notify {
  success(text: string): unknown;
  warning(text: string): unknown;
  error(text: string): unknown;
  info(text: string): unknown;
}

export interface LanguageService {
  current(): Language;
  /** Switches the console's language (persisted, sent as `Hz-Language`). */
  set(lang: Language): void;
  /** Optional: follows changes made elsewhere; returns the function that stops it. */
  subscribe?(listener: (lang: Language) => void): () => void;
}

export interface ShellServices {
  /** The shared core's axios instance (client headers, tokens, refresh and the error catalogue). */
  http: AxiosInstance;
  session: SessionLike;
  lock: LockLike;
  config: SiteConfigLike;
  language: LanguageService;
  navigate(path: string, options?: { replace?: boolean }): void;
  /** The `message` API of @ops/ui. */
  notify: Notify;
}
