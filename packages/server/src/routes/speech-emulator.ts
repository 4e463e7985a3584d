import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SpeechEmulatorCredentials } from '../security/speech-credentials.ts';

/**
 * The speech provider emulator's rules (docs/api.md "Speech provider"): an iFlytek-style streaming
 * dictation service that checks what a real one checks (the signed URL, the first frame's fields, every
 * frame's size) and answers deterministically, since it cannot recognise speech: audio loud enough counts
 * as speech and is heard as the demo question, revealed a little more with every few frames.
 */

export const SPEECH_EMULATOR_PATH = '/api/speech-emulator/v2/iat';

export const SPEECH_RULES = Object.freeze({
  /** 16-bit little-endian mono at 16 kHz: one frame is 1280 samples (80 ms). */
  frameBytes: 2560,
  format: 'audio/L16;rate=16000',
  /** How far the signed date may be from the emulator's clock. */
  maxSkewMs: 5 * 60_000,
  /** A frame whose RMS is above this (of 32767) is speech; 500 is about -36 dBFS. */
  speechRms: 500,
  /** Speech frames per revealed character (zh) or word (en): 3 frames = 240 ms. */
  framesPerToken: 3,
  /** The provider closes a session that sends nothing for this long. */
  idleMs: 10_000,
  /** The end silence when the first frame names none (iFlytek's default). */
  defaultVadEos: 2000,
  /** Longest frame text read. */
  frameTextMax: 16 * 1024,
});

/** What the emulator "hears" in speech, by `business.language` (docs/api.md). */
export const DEMO_QUESTIONS: Readonly<Record<string, string>> = Object.freeze({
  zh_cn: '一共有多少座电站？',
  en_us: 'How many stations are there?',
});

export interface SpeechError {
  code: number;
  message: string;
}

const fail = (code: number, message: string): SpeechError => ({ code, message });

/** The text an iFlytek-style request signs: host, date and request line, one per line. */
export const signatureOrigin = (host: string, date: string, path: string) =>
  `host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`;

export const signatureOf = (apiSecret: string, origin: string) =>
  createHmac('sha256', apiSecret).update(origin).digest('base64');

const AUTH_FIELD = /^\s*([a-z_]+)="([^"]*)"\s*$/;

function authorizationFields(encoded: string): Record<string, string> | null {
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const fields: Record<string, string> = {};
  for (const part of text.split(',')) {
    const match = AUTH_FIELD.exec(part);
    if (!match) return null;
    fields[match[1]!] = match[2]!;
  }
  return fields;
}

export interface Handshake {
  query: Record<string, unknown>;
  /** The request's Host header: the signed host must be it. */
  host: string | undefined;
  path: string;
  now: number;
}

/** Null when the signed URL is good; else the error the provider answers before closing. */
export function checkHandshake(h: Handshake, creds: SpeechEmulatorCredentials): SpeechError | null {
  const { authorization, date, host } = h.query;
  if (typeof authorization !== 'string' || typeof date !== 'string' || typeof host !== 'string')
    return fail(10105, 'illegal access: authorization, date and host are required in the query');
  const time = Date.parse(date);
  if (Number.isNaN(time) || new Date(time).toUTCString() !== date)
    return fail(10106, 'illegal date: must be an RFC 1123 date such as "Sat, 28 Nov 2026 02:32:40 GMT"');
  if (Math.abs(h.now - time) > SPEECH_RULES.maxSkewMs)
    return fail(10106, 'illegal date: more than 300 s away from the provider clock');
  if (host !== h.host) return fail(10105, 'illegal access: the signed host is not the host of the request');
  const fields = authorizationFields(authorization);
  if (!fields || fields.api_key !== creds.apiKey)
    return fail(10105, 'illegal access: unknown api_key or malformed authorization');
  if (fields.algorithm !== 'hmac-sha256' || fields.headers !== 'host date request-line')
    return fail(10105, 'illegal access: algorithm must be hmac-sha256 over "host date request-line"');
  const expected = Buffer.from(signatureOf(creds.apiSecret, signatureOrigin(host, date, h.path)));
  const given = Buffer.from(fields.signature ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return fail(10105, 'illegal access: HMAC signature does not match');
  return null;
}

/** Root mean square of 16-bit little-endian samples. */
export function rms(audio: Buffer): number {
  const samples = Math.floor(audio.length / 2);
  if (samples === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples; i++) {
    const s = audio.readInt16LE(i * 2);
    sum += s * s;
  }
  return Math.sqrt(sum / samples);
}

/** Characters of a zh question, words (each with its leading space) of an en one. */
const tokensOf = (text: string) => (/\s/.test(text) ? text.split(/(?=\s)/) : [...text]);

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export interface Step {
  replies: object[];
  /** The provider closes the socket after these replies. */
  close: boolean;
}

type Raw = Record<string, unknown>;
const isObject = (v: unknown): v is Raw => !!v && typeof v === 'object' && !Array.isArray(v);

function firstFrameProblem(frame: Raw, data: Raw, creds: SpeechEmulatorCredentials): SpeechError | null {
  const common = frame.common;
  const business = frame.business;
  if (!isObject(common) || !isObject(business))
    return fail(10163, 'param validation failed: the first frame needs common and business');
  if (common.app_id !== creds.appId) return fail(10313, 'app_id does not match the api_key');
  const language = business.language;
  if (typeof language !== 'string' || !(language in DEMO_QUESTIONS))
    return fail(10163, 'param validation failed: business.language must be zh_cn or en_us');
  if (business.domain !== 'iat') return fail(10163, 'param validation failed: business.domain must be iat');
  if (language === 'zh_cn' && business.accent !== 'mandarin')
    return fail(10163, 'param validation failed: business.accent must be mandarin');
  const vad = business.vad_eos;
  if (vad !== undefined && (typeof vad !== 'number' || !Number.isInteger(vad) || vad < 1000 || vad > 10000))
    return fail(10163, 'param validation failed: business.vad_eos must be an integer from 1000 to 10000');
  if (data.format !== SPEECH_RULES.format || data.encoding !== 'raw')
    return fail(10163, `param validation failed: data.format must be ${SPEECH_RULES.format}, encoding raw`);
  return null;
}

/**
 * One dictation session: feed it each text frame as it arrives; it answers the replies to send and
 * whether to close. An error reply always closes.
 */
export function dictation(creds: SpeechEmulatorCredentials, sid: string) {
  let started = false;
  let ended = false;
  let tokens: string[] = [];
  let vadEosMs: number = SPEECH_RULES.defaultVadEos;
  let speechFrames = 0;
  let sent = 0;
  /** Silence since the last speech, in samples. */
  let silentSamples = 0;
  let sn = 0;

  const result = (status: number, words: string[]) => ({
    code: 0,
    message: 'success',
    sid,
    data: { status, result: { sn: ++sn, ls: status === 2, ws: words.map((w) => ({ cw: [{ w }] })) } },
  });
  const error = (e: SpeechError): Step => {
    ended = true;
    return { replies: [{ ...e, sid }], close: true };
  };
  const finish = (): Step => {
    ended = true;
    const rest = speechFrames > 0 ? tokens.slice(sent) : [];
    return { replies: [result(2, rest)], close: true };
  };

  function frame(text: string | null): Step {
    if (ended) return { replies: [], close: true };
    if (text === null) return error(fail(10160, 'parse request json error: binary frames are not accepted'));
    if (text.length > SPEECH_RULES.frameTextMax)
      return error(fail(10160, 'parse request json error: frame too long'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return error(fail(10160, 'parse request json error: not JSON'));
    }
    if (!isObject(parsed) || !isObject(parsed.data) || ![0, 1, 2].includes(parsed.data.status as number))
      return error(fail(10160, 'parse request json error: data.status must be 0, 1 or 2'));
    const data = parsed.data;
    const status = data.status as number;
    if (status === 0 && started) return error(fail(10165, 'invalid handle: the session has already started'));
    if (status !== 0 && !started)
      return error(fail(10165, 'invalid handle: the first frame must have status 0'));
    if (status === 0) {
      const problem = firstFrameProblem(parsed, data, creds);
      if (problem) return error(problem);
      const business = parsed.business as Raw;
      tokens = tokensOf(DEMO_QUESTIONS[business.language as string]!);
      if (typeof business.vad_eos === 'number') vadEosMs = business.vad_eos;
      started = true;
    }
    const audio = data.audio ?? '';
    if (typeof audio !== 'string' || !BASE64.test(audio))
      return error(fail(10161, 'base64 decode error: data.audio must be base64'));
    const bytes = Buffer.from(audio, 'base64');
    const sizeOk =
      status === 2
        ? bytes.length <= SPEECH_RULES.frameBytes && bytes.length % 2 === 0
        : bytes.length === SPEECH_RULES.frameBytes;
    if (!sizeOk)
      return error(
        fail(
          10166,
          `audio size error: a frame must be ${SPEECH_RULES.frameBytes} bytes (1280 samples of 16-bit); the last at most that`,
        ),
      );
    if (bytes.length > 0) {
      if (rms(bytes) > SPEECH_RULES.speechRms) {
        speechFrames++;
        silentSamples = 0;
      } else if (speechFrames > 0) {
        silentSamples += bytes.length / 2;
      }
    }
    if (status === 2) return finish();
    // The end silence after speech ends the session, as a real provider's voice activity detection does.
    if (speechFrames > 0 && (silentSamples / 16000) * 1000 >= vadEosMs) return finish();
    const due = Math.min(tokens.length, Math.floor(speechFrames / SPEECH_RULES.framesPerToken));
    if (due <= sent) return { replies: [], close: false };
    const words = tokens.slice(sent, due);
    sent = due;
    return { replies: [result(1, words)], close: false };
  }

  return { frame, timeout: (): Step => error(fail(10200, 'read data timeout: no frame for 10 s')) };
}
