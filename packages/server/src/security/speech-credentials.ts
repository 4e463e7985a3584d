import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { sharedSecret } from './install-secrets.ts';

/** The speech provider emulator's credentials (docs/api.md "Speech provider"): what a provider's console issues. */
export interface SpeechEmulatorCredentials {
  appId: string;
  apiKey: string;
  apiSecret: string;
}

function generate(): SpeechEmulatorCredentials & { createdAt: string } {
  return {
    appId: randomBytes(4).toString('hex'),
    apiKey: randomBytes(16).toString('hex'),
    apiSecret: randomBytes(24).toString('base64url'),
    createdAt: new Date().toISOString(),
  };
}

const valid = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{8,}$/.test(value);

/**
 * Random per install, kept in DATA_DIR/speech-emulator.json (mode 0600) like the token signing key; without
 * a data folder (tests, in-memory) fresh ones per process. There are no default credentials.
 */
export function loadSpeechCredentials(dataDir?: string): SpeechEmulatorCredentials {
  if (!dataDir) {
    const { appId, apiKey, apiSecret } = generate();
    return { appId, apiKey, apiSecret };
  }
  const file = join(dataDir, 'speech-emulator.json');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(generate(), null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  return checked(
    JSON.parse(readFileSync(file, 'utf8')),
    `${file} is not valid speech emulator credentials (delete it to generate new ones)`,
  );
}

/** The credentials of instances sharing one PostgreSQL database (one set for all, kept there). */
export async function loadSharedSpeechCredentials(db: Db): Promise<SpeechEmulatorCredentials> {
  return checked(
    await sharedSecret(db, 'speech-emulator', generate()),
    'install_secrets holds no valid speech emulator credentials',
  );
}

function checked(value: unknown, problem: string): SpeechEmulatorCredentials {
  const parsed = (value ?? {}) as Partial<SpeechEmulatorCredentials>;
  if (!valid(parsed.appId) || !valid(parsed.apiKey) || !valid(parsed.apiSecret)) throw new Error(problem);
  return { appId: parsed.appId, apiKey: parsed.apiKey, apiSecret: parsed.apiSecret };
}
