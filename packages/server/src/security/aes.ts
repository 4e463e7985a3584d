import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * Compatibility obfuscation of usernames and new passwords: AES-128-ECB, PKCS#7, key = UTF-8 bytes of the
 * site config's aesKey (16 bytes), ciphertext base64. It is not a protection: TLS is.
 */
export function aesDecrypt(base64: string, key: string): string | null {
  const keyBytes = Buffer.from(key, 'utf8');
  if (keyBytes.length !== 16) return null;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  const data = Buffer.from(base64, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) return null;
  try {
    const decipher = createDecipheriv('aes-128-ecb', keyBytes, null);
    const text = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    if (text.includes('\uFFFD') || [...text].some((c) => c.charCodeAt(0) < 0x20)) return null;
    return text;
  } catch {
    return null;
  }
}

export function aesEncrypt(text: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}
