// Per-module imports keep the bundle to AES and its helpers instead of all of crypto-js.
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

/** AES-128 needs exactly 16 key bytes; the server refuses any other length. */
export const AES_KEY_BYTES = 16;

function keyOf(key: string) {
  const words = Utf8.parse(key);
  if (words.sigBytes !== AES_KEY_BYTES) {
    throw new RangeError(`AES key must be ${AES_KEY_BYTES} bytes of UTF-8, got ${words.sigBytes}`);
  }
  return words;
}

/**
 * docs/api.md "AES": AES-128-ECB, PKCS#7, key = the UTF-8 bytes of the site config's aesKey, base64 out.
 * Compatibility obfuscation of usernames and new passwords, not protection (the key ships to browsers).
 */
export function encryptAes(text: string, key: string): string {
  return AES.encrypt(Utf8.parse(text), keyOf(key), { mode: ECB, padding: Pkcs7 }).toString();
}

/**
 * The inverse, for tests and tools. Like the server, answers null unless the result is UTF-8 text without
 * control characters (a wrong key yields bytes, not text).
 */
export function decryptAes(base64: string, key: string): string | null {
  const words = AES.decrypt(base64, keyOf(key), { mode: ECB, padding: Pkcs7 });
  if (words.sigBytes < 0) return null;
  let text: string;
  try {
    text = words.toString(Utf8);
  } catch {
    return null;
  }
  const garbled = text.includes('\uFFFD') || [...text].some((c) => c.charCodeAt(0) < 0x20);
  return garbled ? null : text;
}
