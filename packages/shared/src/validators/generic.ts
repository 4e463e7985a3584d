/** Generic checks of spec §5, as DECISIONS 8-11 pin them down. Each answers a plain boolean. */

/** DECISIONS 11: whitespace is not trimmed; 0, false and non-empty containers are values. */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '' || value === 'null' || value === 'undefined';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    // Only plain `{}` is empty: a Date, Map or class instance carries a value even without own keys.
    return (proto === Object.prototype || proto === null) && Object.keys(value).length === 0;
  }
  return false;
}

/** 13x, 14x, 15x except 154, 16x-19x, then 8 digits: 11 digits in all. */
const MOBILE = /^1(?:[346789]\d|5[0-35-9])\d{8}$/;
export const isMobile = (value: string): boolean => MOBILE.test(value);

/** Area code of 3-4 digits starting with 0, an optional hyphen, then 7-8 digits. */
const LANDLINE = /^0\d{2,3}-?\d{7,8}$/;
export const isLandline = (value: string): boolean => LANDLINE.test(value);

/** A local part, `@`, dot-separated domain labels, and a final label of 2+ letters. */
const EMAIL = /^[^\s@]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
export const isEmail = (value: string): boolean => EMAIL.test(value);

/** http or https with a host. Whitespace is refused rather than silently encoded by the URL parser. */
export function isUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * The four password classes (DECISIONS 9), by Unicode general category so every cased script counts:
 * 'Пароль12' has an uppercase П, lowercase letters and digits.
 * - Uppercase: `\p{Lu}`; lowercase: `\p{Ll}`. Titlecase letters (ǅ) and letters without case (Chinese)
 *   are neither, so they are special.
 * - Digit: `\p{Nd}`, a decimal digit of any script, not only 0-9. Case already follows Unicode, so the digit
 *   class does too: the full-width １ a Chinese IME types in full-width mode, or an Arabic-Indic ٣, is a
 *   digit to whoever typed it. Counting it as special instead would let 'abcdef1１' claim two classes for
 *   digits alone. Other numerals (Ⅻ, ², ½) are not decimal digits: special.
 * - Special: any character that is none of the above (space included: passwords are not trimmed).
 * The `u` flag makes each test see code points, so a letter outside the BMP (𝐀) is one character.
 */
const PASSWORD_CLASSES = [/\p{Lu}/u, /\p{Ll}/u, /\p{Nd}/u, /[^\p{Lu}\p{Ll}\p{Nd}]/u] as const;

/** How many of uppercase, lowercase, digit and special (anything else) a password uses. */
export function passwordClassCount(password: string): number {
  return PASSWORD_CLASSES.filter((pattern) => pattern.test(password)).length;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 16;

/** The generic password check: 8-16 characters using at least 3 of the 4 classes. */
export function isValidPassword(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN && length <= PASSWORD_MAX && passwordClassCount(password) >= 3;
}

/**
 * DECISIONS 9: "contains the account" ignores case, in any script. Both foldings are compared because
 * some case mappings change length: 'Straße'.toLowerCase() keeps ß while its upper case is 'STRASSE'.
 * An empty account is contained by nothing.
 */
export function containsAccount(password: string, account: string | null | undefined): boolean {
  if (!account) return false;
  return (
    password.toLowerCase().includes(account.toLowerCase()) ||
    password.toUpperCase().includes(account.toUpperCase())
  );
}
