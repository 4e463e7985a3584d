/** Test support only: a `fetch` answering from a function, and response bodies a test feeds by hand. */
export interface FetchCall {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal;
}

const abortError = () => new DOMException('The operation was aborted.', 'AbortError');

export function fakeFetch(answer: (call: FetchCall) => Response | Promise<Response> | 'hang') {
  const calls: FetchCall[] = [];
  const fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => {
    const signal = init.signal ?? new AbortController().signal;
    const call: FetchCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
      signal,
    };
    calls.push(call);
    // Like the browser's fetch: an abort before the answer rejects with an AbortError.
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) return reject(abortError());
      signal.addEventListener('abort', () => reject(abortError()), { once: true });
      Promise.resolve()
        .then(() => answer(call))
        .then((reply) => {
          if (reply !== 'hang') resolve(reply);
        }, reject);
    });
  }) as typeof globalThis.fetch;
  /** Resolves once n calls have gone out. */
  const sent = async (n: number) => {
    while (calls.length < n) await new Promise((r) => setTimeout(r, 1));
  };
  return { fetch, calls, sent };
}

/**
 * A body the test writes to as it likes (strings or raw bytes), recording whether the reader cancelled
 * it: the connection the browser would close.
 */
export function feedBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const state = { canceled: false, pulls: 0 };
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    pull() {
      state.pulls += 1;
    },
    cancel() {
      state.canceled = true;
    },
  });
  return {
    body,
    state,
    send(...chunks: (string | Uint8Array)[]) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
    close: () => controller.close(),
    fail: (error: unknown) => controller.error(error),
  };
}

/** A body that hands out one chunk per read, then ends. */
export function chunkedBody(chunks: (string | Uint8Array)[]) {
  const encoder = new TextEncoder();
  const state = { canceled: false, delivered: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[state.delivered];
      if (next === undefined) return controller.close();
      state.delivered += 1;
      controller.enqueue(typeof next === 'string' ? encoder.encode(next) : next);
    },
    cancel() {
      state.canceled = true;
    },
  });
  return { body, state };
}

export const eventStream = (body: ReadableStream<Uint8Array>, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });

export const jsonAnswer = (status: number, data: unknown) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
