import type { SiteConfig } from '../config/site-config';

type PrefixConfig = Pick<SiteConfig, 'storagePrefix'>;

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

const keyOf = (config: PrefixConfig, name: FlagName) => `${config.storagePrefix || 'saber-'}${name}`;

export function setFlag(config: PrefixConfig, name: FlagName, on = true): void {
  if (on) storage()?.setItem(keyOf(config, name), 'true');
  else storage()?.removeItem(keyOf(config, name));
}

export function hasFlag(config: PrefixConfig, name: FlagName): boolean {
  return storage()?.getItem(keyOf(config, name)) === 'true';
}

export function clearFlags(config: PrefixConfig): void {
  for (const name of Object.values(FLAG)) setFlag(config, name, false);
}
