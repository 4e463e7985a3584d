import { isRow, type Row, text } from '../api';

/** The three logs of docs/api.md section 8: their calls, list columns and the fields of a record. */
export type LogKind = 'usual' | 'api' | 'error';

export const LOG_URLS = {
  list: (kind: LogKind) => `/api/blade-log/${kind}/list`,
  detail: (kind: LogKind) => `/api/blade-log/${kind}/detail`,
};

const REQUEST_FIELDS = [
  'id',
  'tenantId',
  'title',
  'logLevel',
  'method',
  'requestUri',
  'params',
  'remoteIp',
  'userAgent',
  'serviceId',
  'serverHost',
  'env',
  'logData',
  'time',
  'createBy',
  'createTime',
] as const;

/** A record's fields in the order the detail lists them. */
export const LOG_FIELDS: Record<LogKind, readonly string[]> = {
  usual: REQUEST_FIELDS,
  api: REQUEST_FIELDS,
  error: ['id', 'tenantId', 'type', 'message', 'url', 'info', 'stack', 'time', 'createBy', 'createTime'],
};

/** Fields whose text may be long or span lines: shown preformatted, scrolling. */
export const LONG_FIELDS: ReadonlySet<string> = new Set(['stack', 'params', 'logData', 'userAgent', 'info']);

/** A list row: the record's fields as text. */
export type LogRow = Record<string, string> & { id: string };

export const readLogRow = (row: Row): LogRow => {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(row)) out[key] = text(value);
  return { ...out, id: out.id ?? '' };
};

/**
 * Every field of a detail record, as [field, text]: the known ones in their order (even when empty),
 * then any other field the server sends, so nothing it records is hidden.
 */
export function detailFields(kind: LogKind, data: unknown): [string, string][] {
  if (!isRow(data)) throw new TypeError('not a log record');
  const known = LOG_FIELDS[kind];
  const others = Object.keys(data).filter((key) => !known.includes(key) && !isRow(data[key]));
  return [...known, ...others].map((key) => [key, text(data[key])]);
}
