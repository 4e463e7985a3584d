import { normalizePath, PATHS } from '../routing/routes';
import { LOGIN_CONFLICT_CODE, TOKEN_INVALID_CODE } from './errors';

/**
 * The error catalogue of spec §8 as one pure decision: what happens with an answer, given its status,
 * its body code and where the user is. Side effects (logout, message, rejection) are the caller's.
 */
export type Outcome =
  | { action: 'ok' }
  /** Reject; nothing shown (whitelisted codes, code 600 on the login page). */
  | { action: 'quiet' }
  /** Reject with the login conflict for the login flow; nothing shown. */
  | { action: 'conflict' }
  /** Show the server's message and reject. */
  | { action: 'message' }
  /** Log out (with or without the message) and reject. */
  | { action: 'logout'; message: boolean };

/** The body code as a number: BladeX sends numbers, some services strings. */
export function bodyCode(data: unknown): number | undefined {
  if (!data || typeof data !== 'object' || !('code' in data)) return undefined;
  const code = (data as { code: unknown }).code;
  if (typeof code === 'number') return code;
  if (typeof code === 'string' && /^-?\d+$/.test(code)) return Number(code);
  return undefined;
}

export function isUnauthorized(status: number, code: number | undefined): boolean {
  return status === 401 || code === 401;
}

export function decide(facts: {
  status: number;
  code: number | undefined;
  path: string;
  whitelist: readonly number[];
}): Outcome {
  const { status } = facts;
  const code = facts.code ?? status;
  const path = normalizePath(facts.path);
  if (isUnauthorized(status, code)) {
    if (code === TOKEN_INVALID_CODE || facts.code === TOKEN_INVALID_CODE) {
      if (path === PATHS.login) return { action: 'quiet' };
      if (path === PATHS.authorization) return { action: 'message' };
      return { action: 'logout', message: false };
    }
    if (path === PATHS.login) return { action: 'message' };
    return { action: 'logout', message: true };
  }
  if (code === LOGIN_CONFLICT_CODE) return { action: 'conflict' };
  if (facts.whitelist.includes(code)) return { action: 'quiet' };
  if (code === 200 && status >= 200 && status < 300) return { action: 'ok' };
  return { action: 'message' };
}

/** The message a failed answer shows: `msg`, `error_description` or `message`, else none. */
export function serverMessage(data: unknown): string {
  if (!data || typeof data !== 'object') return typeof data === 'string' && data.length < 300 ? data : '';
  const body = data as Record<string, unknown>;
  for (const field of ['msg', 'error_description', 'message']) {
    const value = body[field];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}
