/** How the file preview shows a file, from its extension. */
export type FileKind = 'pdf' | 'image' | 'office' | 'unsupported';

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'svg']);
const OFFICE = new Set(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx']);

/** The lower-case extension of a file name or URL (query and hash ignored), '' when there is none. */
export function extensionOf(nameOrUrl: string): string {
  const path = nameOrUrl.split(/[?#]/, 1)[0];
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function fileKind(nameOrUrl: string): FileKind {
  const ext = extensionOf(nameOrUrl);
  if (ext === 'pdf') return 'pdf';
  if (IMAGE.has(ext)) return 'image';
  if (OFFICE.has(ext)) return 'office';
  return 'unsupported';
}

/** The file name of a URL's path, decoded ('' when the path ends with a slash). */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  const base = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(base);
  } catch {
    return base;
  }
}
