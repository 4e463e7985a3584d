/**
 * SHA-256 as lowercase hex. `crypto.subtle` exists only in secure contexts; a console opened over plain
 * http on a plant network has none, so a small pure implementation (FIPS 180-4, `sha256-pure.ts`, loaded only then)
 * stands in there.
 */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) {
    const { toHex } = await import('./sha256-pure');
    return toHex(new Uint8Array(await subtle.digest('SHA-256', bytes)));
  }
  const { sha256HexSync } = await import('./sha256-pure');
  return sha256HexSync(bytes);
}
