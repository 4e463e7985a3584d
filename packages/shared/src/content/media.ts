/**
 * The markdown media rule of spec §5: an image whose address ends in a video extension is played as a
 * video, an image extension shows an image. Extensions ignore case, the query string and the fragment.
 */

export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mov'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'bmp', 'webp'] as const;

/** 'unknown' keeps the markdown default (an image), since the author wrote image syntax. */
export type MediaKind = 'video' | 'image' | 'unknown';

/** The lowercase extension of the address's last path segment, or '' when it has none. */
export function mediaExtension(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segment = path.slice(path.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  if (dot < 0) return '';
  let ext = segment.slice(dot + 1);
  try {
    ext = decodeURIComponent(ext);
  } catch {
    // A malformed escape is simply not a known extension.
  }
  return ext.toLowerCase();
}

export function mediaKind(url: string): MediaKind {
  const ext = mediaExtension(url);
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  return 'unknown';
}

/** An allowlist entry as an origin (`https://host:port`), or null when it is not an http(s) address. */
function originOf(entry: string): string | null {
  try {
    const url = new URL(entry);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether assistant markdown may load media from this address: http(s) only (no `javascript:`, `data:` or
 * `blob:`), from the page's own origin (relative addresses resolve against it) or an allowlisted origin.
 * Allowlist entries are compared as origins, so a path or trailing slash in an entry does not matter.
 */
export function isAllowedMediaOrigin(url: string, allowlist: readonly string[], pageOrigin: string): boolean {
  let target: URL;
  try {
    target = new URL(url.trim(), pageOrigin);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.origin === originOf(pageOrigin)) return true;
  return allowlist.some((entry) => originOf(entry) === target.origin);
}
