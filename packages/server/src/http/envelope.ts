import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { t } from './messages.ts';

/** BladeX-style envelope returned by every route except the token endpoint. */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  msg: string;
  data: T;
}

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 200, success: true, msg, data };
}

/** An error with an HTTP status, a body code and a message; rendered as an envelope. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: number;
  readonly data: unknown;
  /** Extra flat fields merged into the body (token endpoint: error_description). */
  readonly extra: Record<string, unknown> | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    statusCode: number,
    msg: string,
    opts: {
      code?: number;
      data?: unknown;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(msg);
    this.statusCode = statusCode;
    this.code = opts.code ?? statusCode;
    this.data = opts.data ?? null;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const notFound = (msg: string) => new ApiError(404, msg);
export const forbidden = (msg: string) => new ApiError(403, msg);

export function errorBody(err: ApiError) {
  return { code: err.code, success: false, msg: err.message, data: err.data, ...err.extra };
}

export function sendApiError(reply: FastifyReply, err: ApiError) {
  if (err.headers) reply.headers(err.headers);
  return reply.code(err.statusCode).type('application/json; charset=utf-8').send(errorBody(err));
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const context = error.validationContext ?? 'request';
  const instancePath = String(first.instancePath ?? '')
    .replace(/^\//, '')
    .replaceAll('/', '.');
  const params = first.params as Record<string, unknown> | undefined;
  let field = instancePath;
  if (params && typeof params.missingProperty === 'string') {
    field = instancePath ? `${instancePath}.${params.missingProperty}` : params.missingProperty;
  } else if (params && typeof params.additionalProperty === 'string') {
    field = params.additionalProperty;
  }
  const where = field ? `${context}.${field}` : context;
  return `invalid ${where}: ${first.message ?? 'is invalid'}`;
}

/** Turns every error into an envelope; a 5xx only for genuine server faults. */
export function errorHandler(error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return sendApiError(reply, error);
  if (error.validation) {
    return sendApiError(reply, new ApiError(400, validationMessage(error)));
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    let msg = error.message;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') msg = t(request, 'bodyTooLarge');
    else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') msg = t(request, 'unsupportedMediaType');
    else if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') msg = t(request, 'emptyJson');
    else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      msg = t(request, 'malformedJson');
    }
    return sendApiError(reply, new ApiError(status, msg));
  }
  request.log.error({ err: error }, 'unhandled error');
  if (storageFull(error)) return sendApiError(reply, new ApiError(507, t(request, 'storageFull')));
  return sendApiError(reply, new ApiError(500, t(request, 'internal')));
}

/**
 * The database ran out of room (SQLite's SQLITE_FULL, PostgreSQL's disk_full 53100, or the same below a
 * driver's wrapper): the write's transaction was rolled back, so nothing of it was kept.
 */
function storageFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.code === 'SQLITE_FULL' || e.code === '53100') return true;
    e = e.cause as typeof e;
  }
  return false;
}
