import type { StoredEntry } from './entry';

/** Appends and keeps the newest `max` entries. */
export function append(entries: readonly StoredEntry[], entry: StoredEntry, max: number): StoredEntry[] {
  const next = [...entries, entry];
  return next.length > max ? next.slice(next.length - max) : next;
}

export function pending(entries: readonly StoredEntry[]): StoredEntry[] {
  return entries.filter((entry) => !entry.uploaded);
}

export function markUploaded(entries: readonly StoredEntry[], ids: ReadonlySet<string>): StoredEntry[] {
  return entries.map((entry) =>
    ids.has(entry.id) && !entry.uploaded ? { ...entry, uploaded: true } : entry,
  );
}

/** A stored list as another version or app may have left it: only well-formed entries survive. */
export function sanitizeEntries(value: unknown, max: number): StoredEntry[] {
  if (!Array.isArray(value)) return [];
  const ok = value.filter(
    (e): e is StoredEntry =>
      !!e && typeof e === 'object' && typeof e.id === 'string' && typeof e.message === 'string',
  );
  return ok.slice(Math.max(0, ok.length - max)).map((e) => ({
    id: e.id,
    uploaded: e.uploaded === true,
    type: String(e.type ?? ''),
    url: String(e.url ?? ''),
    message: e.message,
    stack: String(e.stack ?? ''),
    info: String(e.info ?? ''),
    time: String(e.time ?? ''),
  }));
}

/**
 * The next upload batch: at most `maxCount` entries and, measured as UTF-8 JSON, at most `maxBytes` (the
 * server's body limit is 512 KiB; 50 entries at their longest would pass it). One entry always goes.
 */
export function nextBatch(
  entries: readonly StoredEntry[],
  maxCount: number,
  maxBytes: number,
): StoredEntry[] {
  const encoder = new TextEncoder();
  const batch: StoredEntry[] = [];
  let bytes = 2;
  for (const entry of entries) {
    if (batch.length >= maxCount) break;
    const size = encoder.encode(JSON.stringify(entry)).length + 1;
    if (batch.length > 0 && bytes + size > maxBytes) break;
    batch.push(entry);
    bytes += size;
  }
  return batch;
}
