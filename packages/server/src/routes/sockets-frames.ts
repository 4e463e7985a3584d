/**
 * What a client may send on a notification socket, read without trusting it. Pure: no socket, no clock.
 * The first frame carries the bearer values keyed by their header names (spec §7 Sockets) and may carry
 * the last notification id the client has seen; later frames are heartbeats (any JSON object with a
 * `message` field). Everything else is ignored by the caller with a log line.
 */

/** Largest frame read; a longer one is ignored (the socket's hard limit is larger, see sockets.ts). */
export const MAX_FRAME_BYTES = 16 * 1024;

export type ClientFrame =
  | { type: 'auth'; tokens: string[]; lastId: number | null; soe: boolean; lastIdInvalid: boolean }
  | { type: 'heartbeat' }
  | { type: 'ignored'; reason: string };

const BEARER = /^bearer\s+(\S{1,4096})$/i;
const AUTH_KEYS = ['Hzinfo-Auth', 'Blade-Auth'] as const;

export function readFrame(data: string | Buffer, isBinary: boolean): ClientFrame {
  if (isBinary) return { type: 'ignored', reason: 'binary frame' };
  const size = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  if (size > MAX_FRAME_BYTES) return { type: 'ignored', reason: `oversized frame (${size} bytes)` };
  let value: unknown;
  try {
    value = JSON.parse(typeof data === 'string' ? data : data.toString('utf8'));
  } catch {
    return { type: 'ignored', reason: 'frame is not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { type: 'ignored', reason: 'frame is not a JSON object' };
  const frame = value as Record<string, unknown>;
  if (AUTH_KEYS.some((key) => key in frame)) {
    const tokens: string[] = [];
    for (const key of AUTH_KEYS) {
      const raw = frame[key];
      if (raw === undefined || raw === null || raw === '') continue;
      const match = typeof raw === 'string' ? BEARER.exec(raw.trim()) : null;
      // A malformed bearer value makes the whole frame a failed sign-in, not a partial one.
      if (!match) return { type: 'auth', tokens: [], lastId: null, soe: false, lastIdInvalid: false };
      tokens.push(match[1]!);
    }
    const rawLast = frame.lastId;
    const lastIdOk =
      typeof rawLast === 'number' && Number.isSafeInteger(rawLast) && rawLast >= 0 && rawLast <= 2 ** 52;
    return {
      type: 'auth',
      tokens,
      lastId: lastIdOk ? rawLast : null,
      lastIdInvalid: rawLast !== undefined && rawLast !== null && !lastIdOk,
      soe: frame.type === 'soe',
    };
  }
  if ('message' in frame) return { type: 'heartbeat' };
  return { type: 'ignored', reason: 'unknown frame' };
}
