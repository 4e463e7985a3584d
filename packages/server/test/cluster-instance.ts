// One instance of a cluster (cluster.test.ts starts two on one PostgreSQL database): the reference server
// on DB, serving DIST with the tenants' pins in MAPS, listening on a free port. It writes JSON lines to
// stdout: `{ port }` once listening, then every captcha and phone code it issues (there is no public
// route for them), so the test can spend on one instance what the other issued. CLOCK_SKEW_MS moves its
// clock ahead (faults.test.ts restarts a killed server as if that much later).
import { createApp } from '../src/index.ts';
import { assistantSettingsFromEnv } from '../src/routes/assistant-stream.ts';
import { childOptions } from './deploy-fixture.ts';
import { AES_KEY } from './helpers.ts';

const line = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const app = await createApp({
  ...childOptions(),
  aesKey: AES_KEY,
  // On SQLite the signing key lives in the data folder: a restart on it keeps the sessions.
  dataDir: process.env.DATA_DIR || undefined,
  // ASSISTANT_CHUNK_DELAY_MS as the server reads it (faults-crash.test.ts holds an answer in flight).
  assistant: assistantSettingsFromEnv(process.env),
  now: process.env.CLOCK_SKEW_MS ? () => Date.now() + Number(process.env.CLOCK_SKEW_MS) : undefined,
  onCaptcha: (captcha) => line({ captcha }),
  onPhoneCode: (phoneCode) => line({ phoneCode }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
line({ port: typeof address === 'object' && address ? address.port : 0 });
process.once('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
