import type { SiteConfigLike } from '../services';

/**
 * Per-tab flags of the sign-in flows, kept in session storage under the site prefix:
 * - `onceLogin`: set by a fresh sign-in (the chrome opens the welcome tag once and may show post-login
 *   popups once);
 * - `loginFree`: the session came from a login-free ticket (`/login?loginFree=true`);
 * - `defaultPasswordReminder`: the account signed in with the platform default password.
 */
export const FLAG = {
  onceLogin: 'onceLogin',
  loginFree: 'loginFree',
  defaultPasswordReminder: 'defaultPasswordReminder',
} as const;

export type FlagName = (typeof FLAG)[keyof typeof FLAG];

const storage = (): Storage | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

const keyOf = (config: Pick<SiteConfigLike, 'storagePrefix'>, name: FlagName) =>
  `${config.storagePrefix || 'saber-'}${name}`;

export function setFlag(config: Pick<SiteConfigLike, 'storagePrefix'>, name: FlagName, on = true): void {
  if (on) storage()?.setItem(keyOf(config, name), 'true');
  else storage()?.removeItem(keyOf(config, name));
}

export function hasFlag(config: Pick<SiteConfigLike, 'storagePrefix'>, name: FlagName): boolean {
  return storage()?.getItem(keyOf(config, name)) === 'true';
}

export function clearFlags(config: Pick<SiteConfigLike, 'storagePrefix'>): void {
  for (const name of Object.values(FLAG)) setFlag(config, name, false);
}
