import type { RemoteControlRequest } from '@ops/shared';

/** The server's remote control calls (docs/api.md section 20). */
export const RC_API = {
  send: '/api/gglm-big-model/interactive/sendRemoteControl',
  devices: '/api/gglm-big-model/interactive/devices',
} as const;

/** Spec §7: a remote control command waits 5 s for its answer, then shows 'request timeout'. */
export const RC_TIMEOUT_MS = 5000;

/**
 * Body codes the dialog shows itself (as a message and as its tip, without a leading 'Error:'), so the
 * console's HTTP client does not show them a second time. 401 stays the client's (sign-in again).
 */
export const RC_QUIET_CODES: readonly number[] = [400, 403, 404, 409, 422, 429, 500, 502, 503, 504];

/** What a command's params hold: numbers, and for type 0 the dictionary key as text (spec §7). */
export type CommandParams = Record<string, number | string>;

/**
 * The params of a chosen option (DECISIONS 15): type 0 sends the status option's dictKey as given (text,
 * e.g. "1", spec §7), type 1 the index of the chosen option.
 */
export function choiceParams(type: 0 | 1, value: number | string): CommandParams {
  return { value: type === 0 ? String(value) : Number(value) };
}

/** The body of sendRemoteControl (spec §7). */
export interface CommandBody {
  machineCode: string;
  deviceCode: string;
  projectId: string;
  needAck: boolean;
  signage: string;
  params: CommandParams;
  delay: false;
  operator: string;
}

export function commandBody(
  item: Pick<RemoteControlRequest, 'deviceCode' | 'projectId' | 'signage' | 'needAck'>,
  params: CommandParams,
  machineCode: string,
  operator: string,
): CommandBody {
  return {
    machineCode,
    deviceCode: item.deviceCode,
    projectId: item.projectId,
    needAck: item.needAck ?? true,
    signage: item.signage,
    params,
    delay: false,
    operator,
  };
}

/** What identifies this browser: the parts of its environment that stay the same from visit to visit. */
export interface MachineEnv {
  userAgent: string;
  platform?: string;
  language?: string;
  timeZone?: string;
  hardwareConcurrency?: number;
  screen?: { width: number; height: number; colorDepth: number };
}

/** 53-bit string hash (cyrb53): the same text always gives the same number. */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * The machine code of spec §7: 'Android' or 'IOS' on those systems, else a fingerprint of the browser's
 * stable environment (16 hex digits; the same browser always sends the same code).
 */
export function machineCodeOf(env: MachineEnv): string {
  if (/android/i.test(env.userAgent)) return 'Android';
  if (/iphone|ipad|ipod/i.test(env.userAgent)) return 'IOS';
  const screen = env.screen ? `${env.screen.width}x${env.screen.height}x${env.screen.colorDepth}` : '';
  const text = [env.userAgent, env.platform, env.language, env.timeZone, env.hardwareConcurrency, screen]
    .map((part) => String(part ?? ''))
    .join('|');
  return (hash53(text, 1).toString(16).padStart(14, '0') + hash53(text, 2).toString(16).slice(-2)).slice(
    0,
    16,
  );
}

/** This browser's machine code. */
export function currentMachineCode(): string {
  return machineCodeOf({
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    language: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    hardwareConcurrency: navigator.hardwareConcurrency,
    screen: { width: screen.width, height: screen.height, colorDepth: screen.colorDepth },
  });
}

/** Spec §8: an error shows without a leading 'Error:'. */
export function withoutErrorPrefix(message: string): string {
  return message.replace(/^\s*error\s*[:：]\s*/i, '').trim();
}

/** How a sent command ended, as the dialog tells it. */
export type SendOutcome =
  | { ok: true; message: string }
  | { ok: false; kind: 'timeout' }
  | { ok: false; kind: 'canceled' }
  /** `shown`: the console's HTTP client has shown it already (a network loss, a sign-in problem). */
  | { ok: false; kind: 'error'; message: string; shown: boolean };

/** A command's answer (its body) as an outcome: the server's message, when it sent one. */
export function successOf(body: { msg?: unknown } | undefined): SendOutcome {
  return { ok: true, message: typeof body?.msg === 'string' ? body.msg : '' };
}

/** A failed call (the HTTP client's error, or anything thrown) as an outcome; `timedOut` is the 5 s timer's. */
export function failureOf(error: unknown, timedOut: boolean): SendOutcome {
  if (timedOut) return { ok: false, kind: 'timeout' };
  const e = error as { kind?: string; msg?: string; message?: string } | null;
  if (e?.kind === 'timeout') return { ok: false, kind: 'timeout' };
  if (e?.kind === 'canceled') return { ok: false, kind: 'canceled' };
  const message = withoutErrorPrefix(String(e?.msg || e?.message || ''));
  // Quiet codes come back 'whitelisted' (nothing shown); anything but an HTTP error was never shown.
  const shown = typeof e?.kind === 'string' && e.kind !== 'whitelisted';
  return { ok: false, kind: 'error', message, shown };
}

/** A new Idempotency-Key: one per command, the same for any retry of it. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
