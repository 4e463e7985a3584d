import type { AxiosRequestConfig } from 'axios';

/**
 * Why a call failed, as callers tell it apart: a server answer (with its status and body code), the login
 * conflict of spec §8 (code 1800100001, for the login flow), a whitelisted code, an authorisation failure,
 * a lost connection or a timeout, a cancellation (newer call of the same kind, logout, tenant or station
 * switch), or a refresh that did not succeed while the call waited for it.
 */
export type HttpErrorKind =
  | 'response'
  | 'conflict'
  | 'whitelisted'
  | 'unauthorized'
  | 'network'
  | 'timeout'
  | 'canceled'
  | 'refresh-failed';

export const LOGIN_CONFLICT_CODE = 1800100001;
export const TOKEN_INVALID_CODE = 600;

export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly kind: HttpErrorKind,
    /** HTTP status; 0 when no answer arrived. */
    readonly status: number,
    /** The body's `code`, or the status when the body has none. */
    readonly code: number | undefined,
    /** The server's message (msg, error_description or message) or the client's own text. */
    readonly msg: string,
    readonly config: AxiosRequestConfig | undefined,
    /** The answer's body, e.g. the login conflict's `data.uuid`. */
    readonly data?: unknown,
  ) {
    super(msg || kind);
  }

  get canceled(): boolean {
    return this.kind === 'canceled';
  }
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}

/**
 * The console's client has told the user about this failure already (a toast from the error catalogue),
 * or there is nothing to tell (a cancelled call): a form shows nothing more. Only a code the caller made
 * quiet (`quietCodes`, the whitelist) and a failure outside the client are the form's to show.
 */
export function shownByClient(error: unknown): boolean {
  return isHttpError(error) && error.kind !== 'whitelisted';
}

/** The message of a failure that a form shows itself: the server's, else the error's own, else ''. */
export function failureMessage(error: unknown): string {
  if (isHttpError(error)) return error.msg;
  return error instanceof Error ? error.message : '';
}
