import { md5 } from 'js-md5';

/** 32 lowercase hex characters of the MD5 of the UTF-8 text. */
export const md5Hex = (text: string): string => md5(text);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Bytes at or above this would favour the first letters of the alphabet (256 is not a multiple of 62). */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** Fills a byte array with random values; the default is the browser's CSPRNG. */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => void;
const cryptoFill: RandomFill = (bytes) => {
  crypto.getRandomValues(bytes);
};

/** `length` random characters of [A-Za-z0-9], uniformly distributed. */
export function randomAlphanumeric(length: number, fill: RandomFill = cryptoFill): string {
  let out = '';
  const bytes = new Uint8Array(Math.max(length, 16));
  while (out.length < length) {
    fill(bytes);
    for (const byte of bytes) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** docs/api.md "Password on the wire": 6 random [A-Za-z0-9] + md5hex(password) + 6 random, 44 characters. */
export function wrapPassword(password: string, fill: RandomFill = cryptoFill): string {
  return randomAlphanumeric(6, fill) + md5Hex(password) + randomAlphanumeric(6, fill);
}

/**
 * The password field of a login: wrapped, or the plain md5hex on the force-login retry that carries a
 * uuid (spec §4 "no md5" means no wrapping; the server accepts the plain md5 only with the uuid).
 */
export function loginPassword(
  password: string,
  forceLoginRetry = false,
  fill: RandomFill = cryptoFill,
): string {
  return forceLoginRetry ? md5Hex(password) : wrapPassword(password, fill);
}
