import type { AxiosRequestConfig } from 'axios';
import type { EventSourceMessage } from 'eventsource-parser';
import { HttpError } from './errors';
import {
  type PlainAnswer,
  STREAM_DONE,
  STREAM_IDLE_TIMEOUT_MS,
  type StreamDeps,
  type StreamEvent,
  type StreamRequest,
  type StreamResult,
} from './stream';

type Parser = typeof import('eventsource-parser');
let parserModule: Promise<Parser> | null = null;
/** The SSE parser is only needed once something streams: it stays off the login path. */
const loadParser = () => {
  parserModule ??= import('eventsource-parser').catch((cause: unknown) => {
    parserModule = null;
    throw cause;
  });
  return parserModule;
};

/** Waits for `promise`, unless `signal` aborts first (then rejects with the signal's reason). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

type PumpEnd = 'end' | 'stopped' | 'aborted';

/**
 * Reads a body to its end, handing on decoded text; `onText` answers false to stop reading. An abort of
 * `signal` cancels the reader at once (the connection closes; R3: no stream stays open).
 */
async function pump(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onText: (text: string) => boolean,
): Promise<PumpEnd> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => {
    reader.cancel(signal.reason).catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    if (signal.aborted) {
      cancel();
      return 'aborted';
    }
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (cause) {
        if (signal.aborted) return 'aborted';
        throw cause;
      }
      if (signal.aborted) return 'aborted';
      if (chunk.done) {
        onText(decoder.decode());
        return 'end';
      }
      if (!onText(decoder.decode(chunk.value, { stream: true }))) {
        await reader.cancel().catch(() => undefined);
        return 'stopped';
      }
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

const isJson = (response: Response) => /\bjson\b/i.test(response.headers.get('Content-Type') ?? '');

const parseBody = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

const describe = (cause: unknown) => (cause instanceof Error ? cause.message : String(cause));

/** What one attempt came to: the stream's end, or an answer for the catalogue. */
type Attempt = { result: StreamResult } | { answer: Omit<PlainAnswer, 'config' | 'retried' | 'quietCodes'> };

/**
 * A streamed call (server-sent events over `fetch`) with everything the client's other calls have: the
 * console's headers, waiting on a refresh in progress, one refresh and one retry on 401, the error
 * catalogue for an answer that is not a stream, the typed errors, and aborts (the caller's signal,
 * `abortAll()`, the session context ending, the idle timeout).
 */
export function createStream(deps: StreamDeps): (request: StreamRequest) => Promise<StreamResult> {
  return async function stream(request) {
    const method = (request.method ?? 'POST').toUpperCase();
    const config: AxiosRequestConfig = { url: request.url, method };
    const callerSignal = request.signal;
    const started = deps.epoch();
    const idleMs = request.idleTimeoutMs ?? STREAM_IDLE_TIMEOUT_MS;

    const canceled = () => deps.lost('canceled', config, 'Request canceled');
    const waiting = async <T>(promise: Promise<T>): Promise<T> => {
      try {
        return await unlessAborted(promise, callerSignal);
      } catch (cause) {
        if (callerSignal?.aborted && !(cause instanceof HttpError)) throw canceled();
        throw cause;
      }
    };

    const attempt = async (parse: Parser): Promise<Attempt> => {
      const prepared = deps.prepare(request);
      const { signal, end } = deps.inFlight.begin(null, callerSignal);
      const stop = new AbortController();
      let timedOut = false;
      let cancelIdle = () => {};
      const disarm = () => {
        cancelIdle();
        cancelIdle = () => {};
      };
      const arm = () => {
        disarm();
        if (idleMs > 0 && Number.isFinite(idleMs))
          cancelIdle = deps.clock.setTimeout(() => {
            if (stop.signal.aborted) return;
            timedOut = true;
            stop.abort(new DOMException(`no event within ${idleMs} ms`, 'TimeoutError'));
          }, idleMs);
      };
      const halt = () => {
        disarm();
        stop.abort(signal.reason);
      };
      signal.addEventListener('abort', halt, { once: true });
      const interrupted = () =>
        timedOut ? deps.lost('timeout', config, `no event within ${idleMs} ms`) : canceled();
      const lostConnection = (cause: unknown) => deps.lost('network', config, describe(cause));

      try {
        if (signal.aborted) throw interrupted();
        arm();
        let response: Response;
        try {
          const send = deps.fetch;
          response = await send(prepared.url, {
            method,
            headers: prepared.headers,
            body: request.body === undefined ? undefined : JSON.stringify(request.body),
            credentials: 'include',
            cache: 'no-store',
            signal: stop.signal,
          });
        } catch (cause) {
          throw stop.signal.aborted ? interrupted() : lostConnection(cause);
        }

        if (!response.ok || isJson(response)) {
          let text = '';
          let read: PumpEnd = 'end';
          try {
            if (response.body)
              read = await pump(response.body, stop.signal, (piece) => {
                text += piece;
                return true;
              });
          } catch (cause) {
            throw lostConnection(cause);
          }
          if (read === 'aborted') throw interrupted();
          const data = parseBody(text);
          return { answer: { status: response.status, data, sentToken: prepared.token } };
        }
        if (!response.body) return { result: { done: false, events: 0 } };

        let done = false;
        let events = 0;
        const failure: { thrown: boolean; cause?: unknown } = { thrown: false };
        const finished = () => done || failure.thrown || stop.signal.aborted;
        const sse = parse.createParser({
          onEvent(message: EventSourceMessage) {
            if (finished()) return;
            if (message.data === STREAM_DONE) {
              done = true;
              return;
            }
            events += 1;
            arm();
            const event: StreamEvent = { data: message.data };
            if (message.event !== undefined) event.event = message.event;
            if (message.id !== undefined) event.id = message.id;
            try {
              request.onEvent(event);
            } catch (cause) {
              failure.thrown = true;
              failure.cause = cause;
            }
          },
        });
        let ended: PumpEnd;
        try {
          ended = await pump(response.body, stop.signal, (text) => {
            sse.feed(text);
            return !finished();
          });
        } catch (cause) {
          throw lostConnection(cause);
        }
        // A last event the server closed without its blank line is still delivered.
        if (ended === 'end') sse.feed('\n\n');
        if (failure.thrown) throw failure.cause;
        if (ended === 'aborted' || (stop.signal.aborted && !done)) throw interrupted();
        return { result: { done, events } };
      } finally {
        disarm();
        signal.removeEventListener('abort', halt);
        end();
      }
    };

    let parse: Parser;
    try {
      parse = await waiting(loadParser());
    } catch (cause) {
      if (cause instanceof HttpError) throw cause;
      throw deps.lost('network', config, describe(cause));
    }
    let retried = false;
    for (;;) {
      await waiting(deps.refreshed(config));
      // Logout, a tenant or station switch, or abortAll() while this call waited: it belongs to the old one.
      if (deps.epoch() !== started) throw canceled();
      const outcome = await attempt(parse);
      if ('result' in outcome) return outcome.result;
      const next = await waiting(
        deps.settle({ ...outcome.answer, config, retried, quietCodes: request.quietCodes }),
      );
      if (next === 'ok') return { done: false, events: 0 };
      retried = true;
    }
  };
}
