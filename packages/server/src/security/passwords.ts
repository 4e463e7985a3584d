import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/** Default scrypt cost; tests may lower it through createApp({ passwordCost }). */
export const DEFAULT_COST = 16384;
const KEY_LENGTH = 32;

export function md5hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Stored form: scrypt$<N>$<r>$<p>$<salt b64url>$<hash b64url>, of md5hex(password). */
export function hashMd5(md5: string, cost = DEFAULT_COST): string {
  const salt = randomBytes(16);
  const hash = scryptSync(md5, salt, KEY_LENGTH, { N: cost, r: 8, p: 1, maxmem: 256 * cost * 8 * 2 });
  return ['scrypt', cost, 8, 1, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

export function hashPassword(plain: string, cost = DEFAULT_COST): string {
  return hashMd5(md5hex(plain), cost);
}

export function verifyMd5(md5: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return Promise.resolve(false);
  const [, n, r, p, saltText, hashText] = parts;
  const N = Number(n);
  const expected = Buffer.from(hashText!, 'base64url');
  return new Promise((resolve) => {
    scrypt(
      md5,
      Buffer.from(saltText!, 'base64url'),
      expected.length,
      { N, r: Number(r), p: Number(p), maxmem: 256 * N * Number(r) * 2 },
      (err, derived) =>
        resolve(!err && derived.length === expected.length && timingSafeEqual(derived, expected)),
    );
  });
}

const MD5_HEX = /^[0-9a-f]{32}$/;
const WRAP = /^[A-Za-z0-9]{6}[0-9a-f]{32}[A-Za-z0-9]{6}$/;

/**
 * Password on the wire. Wrapped: 6 chars [A-Za-z0-9] + md5hex(password) + 6 chars [A-Za-z0-9] (44 chars),
 * the md5 taken from characters 6..38. Plain md5hex (32 lowercase hex chars) is accepted only when
 * allowPlain is set (the force-login retry that carries a uuid). Returns the md5 or null.
 */
export function unwrapWirePassword(wire: string, allowPlain: boolean): string | null {
  if (WRAP.test(wire)) return wire.slice(6, 38);
  if (allowPlain && MD5_HEX.test(wire)) return wire;
  return null;
}

/** Spec §5 new-password policy. Returns a message key or null when the password is acceptable. */
export function checkPolicy(
  password: string,
  account: string,
): 'passwordLength' | 'passwordClasses' | 'passwordAccount' | null {
  const length = [...password].length;
  if (length < 8 || length > 16) return 'passwordLength';
  let classes = 0;
  // DECISIONS 9, as the console's validators count them: letter case by Unicode, any other character special.
  if (/\p{Lu}/u.test(password)) classes++;
  if (/\p{Ll}/u.test(password)) classes++;
  if (/\p{Nd}/u.test(password)) classes++;
  if (/[^\p{Lu}\p{Ll}\p{Nd}]/u.test(password)) classes++;
  if (classes < 3) return 'passwordClasses';
  const contains = (a: string, b: string) =>
    a.toLowerCase().includes(b.toLowerCase()) || a.toUpperCase().includes(b.toUpperCase());
  if (account && contains(password, account)) return 'passwordAccount';
  return null;
}
