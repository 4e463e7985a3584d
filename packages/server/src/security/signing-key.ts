import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SigningKey {
  kid: string;
  secret: Uint8Array;
}

function generate(): { kid: string; alg: 'HS256'; k: string; createdAt: string } {
  return {
    kid: randomUUID(),
    alg: 'HS256',
    k: randomBytes(32).toString('base64url'),
    createdAt: new Date().toISOString(),
  };
}

/**
 * The token signing key: random per install, kept in DATA_DIR/signing-key.json (mode 0600). Without a data
 * folder (tests, in-memory) a fresh key is generated per process. There is no default key.
 */
export function loadSigningKey(dataDir?: string): SigningKey {
  if (!dataDir) {
    const key = generate();
    return { kid: key.kid, secret: Buffer.from(key.k, 'base64url') };
  }
  const file = join(dataDir, 'signing-key.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(generate(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { kid?: string; k?: string };
  const secret = Buffer.from(String(parsed.k ?? ''), 'base64url');
  if (secret.length < 32 || typeof parsed.kid !== 'string') {
    throw new Error(`${file} is not a valid signing key (delete it to generate a new one)`);
  }
  return { kid: parsed.kid, secret };
}
