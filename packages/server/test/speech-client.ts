import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from '../src/db/database.ts';
import { SPEECH_EMULATOR_PATH } from '../src/routes/speech-emulator.ts';
import type { SpeechEmulatorCredentials } from '../src/security/speech-credentials.ts';
import { testEngine } from './engine.ts';
import type { TestServer } from './helpers.ts';

/** The install's speech emulator credentials: a file in the data folder, or (on PostgreSQL) a row. */
export async function speechCredentials(s: TestServer, dataDir: string): Promise<SpeechEmulatorCredentials> {
  const stored =
    testEngine() === 'postgres'
      ? (await s.app.opsDb.get<{ value: string }>(
          sql`SELECT value FROM install_secrets WHERE name = 'speech-emulator'`,
        ))!.value
      : readFileSync(join(dataDir, 'speech-emulator.json'), 'utf8');
  return JSON.parse(stored);
}

/** The emulator's socket URL signed as a browser signs it (docs/api.md "Speech provider"). */
export function signedUrl(
  base: string,
  creds: { apiKey: string; apiSecret: string },
  opts: { date?: string; host?: string; path?: string } = {},
) {
  const url = new URL(SPEECH_EMULATOR_PATH, base);
  const host = opts.host ?? url.host;
  const date = opts.date ?? new Date().toUTCString();
  const origin = `host: ${host}\ndate: ${date}\nGET ${opts.path ?? url.pathname} HTTP/1.1`;
  const signature = createHmac('sha256', creds.apiSecret).update(origin).digest('base64');
  const authorization = Buffer.from(
    `api_key="${creds.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`,
  ).toString('base64');
  const query = new URLSearchParams({ authorization, date, host });
  return `${url.href.replace(/^http/, 'ws')}?${query}`;
}
