import type { AxiosRequestConfig } from 'axios';
import type { Clock } from '../session/clock';
import type { HttpError } from './errors';
import type { InFlight } from './in-flight';

/** One server-sent event. `event` and `id` are there only when the server sent them. */
export interface StreamEvent {
  data: string;
  event?: string;
  id?: string;
}

export interface StreamRequest {
  url: string;
  /** POST unless told. */
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** More headers (e.g. Hzinfo-App-Id). The console's own come from the session; bearer tokens always do. */
  headers?: Record<string, string>;
  /** Aborts the stream (dialog closed, route left): the call rejects with kind 'canceled'. */
  signal?: AbortSignal;
  /**
   * How long the stream may stay silent: from sending until the first event, then between events
   * (DECISIONS 20). Past it the stream rejects with kind 'timeout'. 30 s unless told; 0 turns it off.
   */
  idleTimeoutMs?: number;
  /** Body codes this caller handles itself: rejected as 'whitelisted', nothing shown. */
  quietCodes?: readonly number[];
  /**
   * Each event, in order. The closing `[DONE]` is not passed on: it resolves the call with `done: true`.
   * An error thrown here stops the stream and rejects the call with it.
   */
  onEvent(event: StreamEvent): void;
}

export interface StreamResult {
  /** The `[DONE]` line arrived. A stream that just ended has delivered what it had (DECISIONS 20). */
  done: boolean;
  /** How many events were passed to `onEvent`. */
  events: number;
}

export const STREAM_IDLE_TIMEOUT_MS = 30_000;
export const STREAM_DONE = '[DONE]';

/** An answer that is not a stream (an error status, or a JSON body), for the error catalogue. */
export interface PlainAnswer {
  status: number;
  data: unknown;
  config: AxiosRequestConfig;
  /** The bearer token the call went out with. */
  sentToken: string;
  /** Already retried once after a refresh. */
  retried: boolean;
  quietCodes?: readonly number[];
}

/** What a stream needs from the client it belongs to: every piece the client's other calls use. */
export interface StreamDeps {
  fetch: typeof fetch;
  clock: Clock;
  inFlight: InFlight;
  /** Moves on every abort of all calls (logout, session context ended, `abortAll()`). */
  epoch(): number;
  /** Resolves when no refresh is running; rejects with kind 'refresh-failed' when the one running failed. */
  refreshed(config: AxiosRequestConfig): Promise<void>;
  /** URL and headers for one attempt, from the session as it is now, and the bearer token they carry. */
  prepare(request: StreamRequest): { url: string; headers: Headers; token: string };
  /**
   * The error catalogue for an answer that is not a stream: 'retry' once new tokens are in (one refresh
   * through the gate), 'ok', or a rejection with the typed error (already shown and reported).
   */
  settle(answer: PlainAnswer): Promise<'retry' | 'ok'>;
  /** A call that got no (complete) answer: the typed error, logged, shown and reported like any call's. */
  lost(kind: 'network' | 'timeout' | 'canceled', config: AxiosRequestConfig, message: string): HttpError;
}
