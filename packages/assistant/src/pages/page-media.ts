/**
 * What the AI page shows beside the chat (spec §2 `/intelligentSpeech/transmit`, query name, func,
 * picResource, data as a base64 address, station_name): a canvas or a video, or nothing.
 */

export type PageMedia =
  | { kind: 'canvas'; name: string; stationName: string; canvasId: string }
  | { kind: 'video'; name: string; stationName: string; url: string }
  /** The query names media whose `data` is not base64 of text. */
  | { kind: 'invalid'; name: string };

/** base64 (standard or URL-safe, padding optional) of UTF-8 text; null when it is not. */
export function decodeBase64Text(data: string): string | null {
  const normal = data.trim().replace(/-/g, '+').replace(/_/g, '/');
  if (!normal || !/^[A-Za-z0-9+/]*={0,2}$/.test(normal) || normal.length % 4 === 1) return null;
  try {
    const bytes = Uint8Array.from(atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, '=')), (c) =>
      c.charCodeAt(0),
    );
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim() || null;
  } catch {
    return null;
  }
}

export function pageMedia(search: string): PageMedia | null {
  const q = new URLSearchParams(search);
  const func = q.get('func') ?? '';
  const kind =
    func === 'open_canvas' || func === 'choose_canvas' ? 'canvas' : func.includes('video') ? 'video' : null;
  if (!kind) return null;
  const name = (q.get('name') ?? '').trim();
  const stationName = (q.get('station_name') ?? '').trim();
  const value = decodeBase64Text(q.get('data') ?? '');
  if (value === null) return { kind: 'invalid', name };
  return kind === 'canvas'
    ? { kind, name, stationName, canvasId: value }
    : { kind, name, stationName, url: value };
}
