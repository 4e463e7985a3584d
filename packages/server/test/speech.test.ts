import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { SPEECH_EMULATOR_PATH } from '../src/routes/speech-emulator.ts';
import type { SpeechEmulatorCredentials } from '../src/security/speech-credentials.ts';
import { siteConfigForPage } from '../src/static/site-config.ts';
import { testEngine } from './engine.ts';
import { startServer, type TestServer, writeFiles } from './helpers.ts';
import { signedUrl, speechCredentials } from './speech-client.ts';

// The speech provider emulator (docs/api.md "Speech provider") as a browser would speak to it: a signed
// URL, a first frame with common/business/data, audio frames of 2560 bytes, a last frame of status 2.

// biome-ignore lint/suspicious/noExplicitAny: frames are read as plain JSON
type Frame = any;

const FRAME_BYTES = 2560;
const tone = (amplitude: number, bytes = FRAME_BYTES) => {
  const buf = Buffer.alloc(bytes);
  for (let i = 0; i < bytes / 2; i++)
    buf.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * 440 * i) / 16000)), i * 2);
  return buf.toString('base64');
};
const LOUD = tone(8000);
const QUIET = tone(0);

/** Opens a socket, sends `frames` in order and collects every reply until the provider closes. */
function session(url: string, frames: unknown[]): Promise<{ replies: Frame[]; code: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const replies: Frame[] = [];
    const timer = setTimeout(() => reject(new Error(`no close; replies ${JSON.stringify(replies)}`)), 5000);
    ws.on('open', () => {
      for (const f of frames) ws.send(typeof f === 'string' ? f : JSON.stringify(f));
    });
    ws.on('message', (data) => replies.push(JSON.parse(data.toString())));
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve({ replies, code });
    });
    ws.on('error', reject);
  });
}

const first = (appId: string, audio = LOUD, business: Record<string, unknown> = {}) => ({
  common: { app_id: appId },
  business: { language: 'zh_cn', domain: 'iat', accent: 'mandarin', vad_eos: 5000, ...business },
  data: { status: 0, format: 'audio/L16;rate=16000', encoding: 'raw', audio },
});
const middle = (audio: string) => ({
  data: { status: 1, format: 'audio/L16;rate=16000', encoding: 'raw', audio },
});
const LAST = { data: { status: 2, format: 'audio/L16;rate=16000', encoding: 'raw', audio: '' } };
const text = (replies: Frame[]) =>
  replies
    .filter((r) => r.code === 0)
    .flatMap((r) => r.data.result.ws)
    .map((w: Frame) => w.cw[0].w)
    .join('');

describe('speech provider emulator', () => {
  let s: TestServer;
  let dataDir: string;
  let creds: SpeechEmulatorCredentials;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ops-speech-'));
    writeFiles(join(dataDir, 'dist'), {
      'index.html': '<!doctype html><html><head><title>c</title></head><body></body></html>',
      'site-config.json': JSON.stringify({
        aesKey: 'Hz6Q2pRt8LwX4vNb',
        speech: { appId: '', apiKey: '', apiSecret: '', url: '' },
      }),
    });
    s = await startServer({ dataDir, distDir: join(dataDir, 'dist') });
    // One install's credentials: a file in the data folder, or (instances sharing PostgreSQL) a row.
    creds = await speechCredentials(s, dataDir);
  });
  after(async () => {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps credentials generated per install, readable by the owner only', () => {
    assert.match(creds.apiKey, /^[0-9a-f]{32}$/);
    assert.ok(creds.apiSecret.length >= 32);
    if (testEngine() === 'postgres') {
      assert.equal(existsSync(join(dataDir, 'speech-emulator.json')), false, 'kept in the database, no file');
    } else {
      assert.equal(statSync(join(dataDir, 'speech-emulator.json')).mode & 0o077, 0);
    }
  });

  it('serves the page a site config pointing at the emulator when the deployment has no speech url', async () => {
    const page = await s.call('GET', '/');
    const config = JSON.parse(/id="ops-site-config">([^<]*)<\/script>/.exec(page.text)![1]!);
    assert.deepEqual(config.speech, {
      appId: creds.appId,
      apiKey: creds.apiKey,
      apiSecret: creds.apiSecret,
      url: SPEECH_EMULATOR_PATH,
    });
    const own = {
      aesKey: 'x',
      speech: { appId: 'a', apiKey: 'k', apiSecret: 's', url: 'wss://iat.example.com/v2/iat' },
    };
    assert.deepEqual(
      (siteConfigForPage(own, false, creds) as Frame).speech,
      own.speech,
      'a configured provider is kept',
    );
    assert.deepEqual(
      (siteConfigForPage({ aesKey: 'x' }, true, creds) as Frame).speech,
      undefined,
      'never in production',
    );
  });

  it('hears loud audio as the demo question, revealed as frames arrive, and ends with status 2', async () => {
    const frames = [first(creds.appId), ...Array.from({ length: 30 }, () => middle(LOUD)), LAST];
    const { replies, code } = await session(signedUrl(s.url, creds), frames);
    assert.equal(code, 1000);
    assert.ok(replies.every((r) => r.code === 0 && r.message === 'success' && /^iat/.test(r.sid)));
    const partial = replies.filter((r) => r.data.status === 1);
    assert.ok(partial.length >= 5, `partial results while audio arrives (${partial.length})`);
    assert.equal(text(partial.slice(0, 1)), '一');
    assert.equal(replies.at(-1).data.status, 2);
    assert.equal(text(replies), '一共有多少座电站？');
  });

  it('answers en_us in English and silence with no text', async () => {
    const en = [
      first(creds.appId, LOUD, { language: 'en_us', accent: undefined }),
      ...Array.from({ length: 20 }, () => middle(LOUD)),
      LAST,
    ];
    assert.equal(text((await session(signedUrl(s.url, creds), en)).replies), 'How many stations are there?');
    const quiet = [first(creds.appId, QUIET), middle(QUIET), middle(QUIET), LAST];
    const { replies } = await session(signedUrl(s.url, creds), quiet);
    assert.deepEqual(
      replies.map((r) => [r.code, r.data.status]),
      [[0, 2]],
    );
    assert.equal(text(replies), '');
  });

  it('ends the session after the end silence (vad_eos) that follows speech', async () => {
    const frames = [
      first(creds.appId, LOUD, { vad_eos: 1000 }),
      ...Array.from({ length: 5 }, () => middle(LOUD)),
      ...Array.from({ length: 14 }, () => middle(QUIET)),
    ];
    const { replies, code } = await session(signedUrl(s.url, creds), frames);
    assert.equal(code, 1000);
    assert.equal(replies.at(-1).data.status, 2, '12.5 quiet frames = 1 s of silence ends it');
    assert.equal(text(replies), '一共有多少座电站？');
  });

  const refused = async (url: string, frames: unknown[]) => {
    const { replies, code } = await session(url, frames);
    assert.equal(code, 1000);
    assert.equal(replies.length, 1, JSON.stringify(replies));
    return replies[0];
  };

  it('refuses a bad signature, an unknown key, a foreign host and a missing query', async () => {
    const frames = [first(creds.appId)];
    assert.deepEqual((await refused(signedUrl(s.url, { ...creds, apiSecret: 'wrong' }), frames)).code, 10105);
    assert.equal((await refused(signedUrl(s.url, { ...creds, apiKey: 'nope' }), frames)).code, 10105);
    assert.equal((await refused(signedUrl(s.url, creds, { host: 'evil.example.com' }), frames)).code, 10105);
    const signedOtherPath = signedUrl(s.url, creds, { path: '/v2/iat' });
    const bad = await refused(signedOtherPath, frames);
    assert.deepEqual([bad.code, bad.message], [10105, 'illegal access: HMAC signature does not match']);
    assert.equal(
      (await refused(`${s.url.replace(/^http/, 'ws')}${SPEECH_EMULATOR_PATH}`, frames)).code,
      10105,
    );
  });

  it('refuses a date more than 5 minutes away or not in RFC 1123 form', async () => {
    const old = new Date(Date.now() - 6 * 60_000).toUTCString();
    const skew = await refused(signedUrl(s.url, creds, { date: old }), [first(creds.appId)]);
    assert.equal(skew.code, 10106);
    assert.match(skew.message, /300 s/);
    const iso = await refused(signedUrl(s.url, creds, { date: new Date().toISOString() }), [
      first(creds.appId),
    ]);
    assert.equal(iso.code, 10106);
    const near = new Date(Date.now() - 4 * 60_000).toUTCString();
    assert.equal(
      text(
        (await session(signedUrl(s.url, creds, { date: near }), [first(creds.appId, QUIET), LAST])).replies,
      ),
      '',
      'within 5 min is fine',
    );
  });

  it('refuses a malformed frame and a first frame with wrong fields', async () => {
    const url = () => signedUrl(s.url, creds);
    assert.equal((await refused(url(), ['not json'])).code, 10160);
    assert.equal((await refused(url(), [{ data: { status: 7 } }])).code, 10160);
    assert.equal((await refused(url(), [middle(LOUD)])).code, 10165, 'status 1 before status 0');
    assert.equal((await refused(url(), [first(creds.appId), first(creds.appId)])).code, 10165);
    assert.equal((await refused(url(), [first('other')])).code, 10313);
    assert.equal((await refused(url(), [first(creds.appId, LOUD, { language: 'fr_fr' })])).code, 10163);
    assert.equal((await refused(url(), [first(creds.appId, LOUD, { domain: 'x' })])).code, 10163);
    assert.equal((await refused(url(), [first(creds.appId, LOUD, { vad_eos: 50 })])).code, 10163);
    const format = {
      ...first(creds.appId),
      data: { ...first(creds.appId).data, format: 'audio/L16;rate=8000' },
    };
    assert.equal((await refused(url(), [format])).code, 10163);
    assert.equal((await refused(url(), [first(creds.appId, '%%%')])).code, 10161);
  });

  it('refuses an audio frame that is not 2560 bytes; only the last may be shorter', async () => {
    const url = () => signedUrl(s.url, creds);
    const short = await refused(url(), [first(creds.appId, tone(8000, 2558))]);
    assert.deepEqual(short.code, 10166);
    assert.match(short.message, /2560 bytes/);
    assert.equal((await refused(url(), [first(creds.appId), middle(tone(8000, 2562))])).code, 10166);
    assert.equal(
      (await refused(url(), [first(creds.appId), { data: { status: 2, audio: tone(8000, 3000) } }])).code,
      10166,
    );
    const shortLast = { data: { status: 2, audio: tone(8000, 1000) } };
    const { replies } = await session(url(), [first(creds.appId), shortLast]);
    assert.equal(replies.at(-1).data.status, 2, 'a shorter last frame is fine');
  });
});
