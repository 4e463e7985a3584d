import type { ErrorLogEntry } from '../bus/topics';

/** The upload route's field limits (docs: POST /api/blade-log/error/upload); longer text is cut. */
export const LIMITS = { type: 64, url: 1000, message: 2000, stack: 8000, info: 500 } as const;

export interface StoredEntry extends ErrorLogEntry {
  id: string;
  uploaded: boolean;
}

const SECRET_PARAM = /token|secret|password|passwd|callback|ticket|code|key|auth/i;

/** The page address without credentials a login-free or callback link may carry in its query. */
export function redactUrl(href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href.slice(0, LIMITS.url);
  }
  const redact = (params: URLSearchParams) => {
    for (const name of [...params.keys()]) if (SECRET_PARAM.test(name)) params.set(name, '***');
  };
  redact(url.searchParams);
  const hashQuery = url.hash.indexOf('?');
  if (hashQuery >= 0) {
    const params = new URLSearchParams(url.hash.slice(hashQuery + 1));
    redact(params);
    url.hash = `${url.hash.slice(0, hashQuery)}?${params.toString()}`;
  }
  return url.href.slice(0, LIMITS.url);
}

export function formatTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

const cut = (value: unknown, max: number) =>
  (typeof value === 'string' ? value : String(value ?? '')).slice(0, max);

/**
 * The error-log entry of a failure caught here and now: its name (or `type`), message and stack, this
 * page's address, what was being done (`info`) and the time.
 */
export function failureEntry(thrown: unknown, info: string, type?: string): ErrorLogEntry {
  const failure = thrown instanceof Error ? thrown : new Error(String(thrown));
  return {
    type: type ?? (failure.name || 'Error'),
    url: location.href,
    message: failure.message,
    stack: failure.stack ?? '',
    info,
    time: new Date().toISOString(),
  };
}

/** Message and stack of anything thrown (errors, strings, objects). */
export function describe(thrown: unknown): { message: string; stack: string } {
  if (thrown instanceof Error) return { message: thrown.message || thrown.name, stack: thrown.stack ?? '' };
  if (typeof thrown === 'string') return { message: thrown, stack: '' };
  try {
    return { message: JSON.stringify(thrown) ?? String(thrown), stack: '' };
  } catch {
    return { message: String(thrown), stack: '' };
  }
}

export function makeEntry(fields: Partial<ErrorLogEntry>, id: string, fallbackTime: string): StoredEntry {
  return {
    id,
    uploaded: false,
    type: cut(fields.type || 'error', LIMITS.type),
    url: cut(fields.url ? redactUrl(fields.url) : '', LIMITS.url),
    message: cut(fields.message, LIMITS.message) || '(no message)',
    stack: cut(fields.stack, LIMITS.stack),
    info: cut(fields.info, LIMITS.info),
    time: cut(fields.time || fallbackTime, 40),
  };
}

/** What a failed HTTP call contributes: method, path (no query: it may hold personal data), outcome. */
export function httpEntryFields(error: {
  kind: string;
  status: number;
  code: number | undefined;
  msg: string;
  config?: { method?: string; url?: string } | undefined;
}): Pick<ErrorLogEntry, 'type' | 'message' | 'info'> {
  const method = (error.config?.method ?? 'get').toUpperCase();
  const path = (error.config?.url ?? '').split('?')[0];
  const outcome = error.status ? String(error.status) : error.kind;
  return {
    type: 'http',
    message: `${method} ${path} ${outcome}${error.msg ? `: ${error.msg}` : ''}`,
    info: `kind ${error.kind}; code ${error.code ?? ''}`,
  };
}

/** The upload body: entries without the local bookkeeping. */
export function forUpload(entries: readonly StoredEntry[]): ErrorLogEntry[] {
  return entries.map(({ type, url, message, stack, info, time }) => ({
    type,
    url,
    message,
    stack,
    info,
    time,
  }));
}
