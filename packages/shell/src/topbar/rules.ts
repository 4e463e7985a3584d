import { showsSiteSwitch } from '@ops/shared';

/** The user dropdown's entries (spec §2, issue 10), in order. */
export const USER_MENU_ITEMS = [
  'home',
  'personalInfo',
  'switchSite',
  'returnToMainSite',
  'mobileApp',
  'lock',
  'logout',
] as const;
export type UserMenuItem = (typeof USER_MENU_ITEMS)[number];

export interface UserMenuInput {
  /** The station flag: the site config's `stationEnabled`, or the tenant's `stationFlag` of user info. */
  stationFlag: boolean | null | undefined;
  tenantId: string | null | undefined;
  /** The newest mobile app's download address; none (or '') leaves the entry out. */
  mobileAppUrl?: string | null;
}

/**
 * The user dropdown's entries for a session: "switch site" and "return to main site" only when the
 * station flag is on and the tenant is not the platform's 000000 (spec §6); "mobile app" only when the
 * site config names a package the server has a download for.
 */
export function userMenuItems({ stationFlag, tenantId, mobileAppUrl }: UserMenuInput): UserMenuItem[] {
  const site = showsSiteSwitch(stationFlag, tenantId);
  return USER_MENU_ITEMS.filter(
    (item) =>
      (site || (item !== 'switchSite' && item !== 'returnToMainSite')) &&
      (item !== 'mobileApp' || !!mobileAppUrl),
  );
}
