/**
 * BladeX's stored value shape, kept so other apps of the platform can read what the console writes:
 * `{ dataType, content, datetime }`, where dataType is `typeof content` and datetime the write time in ms.
 */
export interface StoredRecord<T = unknown> {
  dataType: string;
  content: T;
  datetime: number;
}

export function encodeRecord<T>(content: T, now: number): string {
  const record: StoredRecord<T> = { dataType: typeof content, content, datetime: now };
  return JSON.stringify(record);
}

/**
 * Reads a stored record. BladeX writes numbers and booleans with their dataType and sometimes as strings,
 * so the content is coerced back to the recorded type. Anything unreadable is treated as absent.
 */
export function decodeRecord(text: string | null): StoredRecord | undefined {
  if (text === null || text === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || !('content' in parsed)) return undefined;
  const raw = parsed as { dataType?: unknown; content: unknown; datetime?: unknown };
  const datetime = Number(raw.datetime);
  const dataType = typeof raw.dataType === 'string' ? raw.dataType : typeof raw.content;
  return {
    dataType,
    content: coerce(dataType, raw.content),
    datetime: Number.isFinite(datetime) ? datetime : 0,
  };
}

function coerce(dataType: string, content: unknown): unknown {
  if (dataType === 'number' && typeof content === 'string') {
    const value = Number(content);
    return Number.isNaN(value) ? undefined : value;
  }
  if (dataType === 'boolean' && typeof content === 'string') return content === 'true';
  return content;
}
