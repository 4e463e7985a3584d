import { showsSiteSwitch } from '@ops/shared';

/** The user dropdown's entries (spec §2, issue 10), in order. */
export const USER_MENU_ITEMS = [
  'home',
  'personalInfo',
  'switchSite',
  'returnToMainSite',
  'lock',
  'logout',
] as const;
export type UserMenuItem = (typeof USER_MENU_ITEMS)[number];

export interface UserMenuInput {
  /** The station flag: the site config's `stationEnabled`, or the tenant's `stationFlag` of user info. */
  stationFlag: boolean | null | undefined;
  tenantId: string | null | undefined;
}

/**
 * The user dropdown's entries for a session: "switch site" and "return to main site" only when the
 * station flag is on and the tenant is not the platform's 000000 (spec §6).
 */
export function userMenuItems({ stationFlag, tenantId }: UserMenuInput): UserMenuItem[] {
  const site = showsSiteSwitch(stationFlag, tenantId);
  return USER_MENU_ITEMS.filter((item) => site || (item !== 'switchSite' && item !== 'returnToMainSite'));
}
