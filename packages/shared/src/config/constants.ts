/**
 * The fixed values of spec §9 the console uses, in one place. Where the project decided otherwise the
 * decision is in docs/decisions.md (e.g. the 14 px base font instead of font-default 12 px).
 */

/** Shown for a user without an avatar; served by the static host from public/img/bg/img-logo.png. */
export const DEFAULT_AVATAR = '/img/bg/img-logo.png';

/** The sign-in pages' look (`data-login-theme` on the public frame); 'one' is the only one shipped. */
export const LOGIN_THEME = 'one';

/** What a view that sizes itself to the window leaves for the chrome above and below it (px). */
export const AUTO_HEIGHT_RESERVE_PX = 180;

/** The height such a view gets in a window of `windowHeight` px (never negative). */
export const autoHeight = (windowHeight: number) =>
  Math.max(0, Math.floor(windowHeight) - AUTO_HEIGHT_RESERVE_PX);

/** A typed-out text's default pace (ms per character); the assistant's answers go one character per frame. */
export const TYPING_MS_PER_CHAR = 100;

/** The refresh call's terminal flag: '2' names the workbench (this console). */
export const REF_TERMINAL = '2';

/** The avatar to show: the user's own, else the default one. */
export const avatarOf = (avatar: unknown) =>
  typeof avatar === 'string' && avatar.trim() ? avatar.trim() : DEFAULT_AVATAR;
