/**
 * The assistant's answer as Server-Sent Events in the OpenAI chunk format: from the built-in responder
 * (small paced chunks: reasoning, content, one `extra` JSON string, a closing chunk and `[DONE]`), or
 * passed through from an OpenAI-compatible upstream. Both stop at once when `signal` aborts (the client
 * went away).
 */

import type { ServerResponse } from 'node:http';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { createParser } from 'eventsource-parser';
import { type Answer, piecesOf } from './assistant-responder.ts';

export interface AssistantSettings {
  /** An OpenAI-compatible chat completions address; null answers with the built-in responder. */
  upstreamUrl: string | null;
  upstreamKey: string | null;
  /** The model named upstream (and in the built-in chunks). */
  model: string;
  /** Characters per chunk of the built-in responder. */
  chunkChars: number;
  /** Pause between two chunks of the built-in responder. */
  chunkDelayMs: number;
  /** How the pause is waited (tests pass one that returns at once); rejects when the signal aborts. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** How long the upstream may take to answer with headers. */
  upstreamTimeoutMs: number;
  /** How long a client may take none of a relayed answer before it is cut (the answer kept as stopped). */
  clientStallMs: number;
}

export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = {
  upstreamUrl: null,
  upstreamKey: null,
  model: 'ops-assistant',
  chunkChars: 3,
  chunkDelayMs: 30,
  sleep: (ms, signal) => sleepFor(ms, undefined, { signal }),
  upstreamTimeoutMs: 30_000,
  clientStallMs: 30_000,
};

/**
 * The settings from the environment: ASSISTANT_UPSTREAM_URL, ASSISTANT_UPSTREAM_KEY, ASSISTANT_MODEL, and
 * ASSISTANT_CHUNK_DELAY_MS, the built-in responder's pause between chunks (0-1000; 30 unless told).
 */
export function assistantSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<AssistantSettings> {
  const out: Partial<AssistantSettings> = {};
  const url = env.ASSISTANT_UPSTREAM_URL?.trim();
  if (url) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new Error(`ASSISTANT_UPSTREAM_URL must be an http(s) address, got "${url}"`);
    out.upstreamUrl = url;
  }
  if (env.ASSISTANT_UPSTREAM_KEY) out.upstreamKey = env.ASSISTANT_UPSTREAM_KEY;
  if (env.ASSISTANT_MODEL) out.model = env.ASSISTANT_MODEL;
  const delay = env.ASSISTANT_CHUNK_DELAY_MS?.trim();
  if (delay) {
    const ms = Number(delay);
    if (!/^\d+$/.test(delay) || ms > 1000)
      throw new Error(`ASSISTANT_CHUNK_DELAY_MS must be a whole number of ms from 0 to 1000, got "${delay}"`);
    out.chunkDelayMs = ms;
  }
  return out;
}

/** The chat completions address of an upstream given as a base (`.../v1`) or as the full address. */
export function completionsUrl(upstream: string): string {
  const trimmed = upstream.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

export function openEventStream(raw: ServerResponse): void {
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
    'X-Content-Type-Options': 'nosniff',
  });
  raw.flushHeaders();
}

export const eventOf = (data: unknown) =>
  `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

export interface StreamOutcome {
  /** The answer text sent (content only). */
  answer: string;
  status: 'done' | 'aborted' | 'failed';
}

/** Streams a built-in answer; resolves when it is sent or the signal aborted (then nothing more is written). */
export async function streamAnswer(
  raw: ServerResponse,
  answer: Answer,
  opts: { chatId: string; created: number; think: boolean; signal: AbortSignal; settings: AssistantSettings },
): Promise<StreamOutcome> {
  const { chatId, created, signal, settings } = opts;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    eventOf({
      id: chatId,
      object: 'chat.completion.chunk',
      created,
      model: settings.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
  let sent = '';
  const deltas: Record<string, unknown>[] = [];
  if (opts.think)
    for (const piece of piecesOf(answer.reasoning, settings.chunkChars))
      deltas.push({ reasoning_content: piece });
  for (const piece of piecesOf(answer.content, settings.chunkChars)) deltas.push({ content: piece });
  if (answer.extras.length > 0) deltas.push({ extra: JSON.stringify(answer.extras) });
  try {
    raw.write(chunk({ role: 'assistant', content: '' }));
    for (const delta of deltas) {
      await settings.sleep(settings.chunkDelayMs, signal);
      if (signal.aborted) return { answer: sent, status: 'aborted' };
      raw.write(chunk(delta));
      if (typeof delta.content === 'string') sent += delta.content;
    }
    raw.write(chunk({}, 'stop'));
    raw.end(eventOf('[DONE]'));
    return { answer: sent, status: 'done' };
  } catch (cause) {
    if (signal.aborted) return { answer: sent, status: 'aborted' };
    throw cause;
  }
}

/** What the upstream answered before any byte went to the client. */
export type UpstreamStart =
  | { ok: true; body: ReadableStream<Uint8Array> }
  | { ok: false; status: number; detail: string };

/** Asks the upstream; a refusal or an unreachable upstream is answered before the client's stream opens. */
export async function askUpstream(
  settings: AssistantSettings,
  messages: { role: string; content: string }[],
  signal: AbortSignal,
): Promise<UpstreamStart> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'text/event-stream',
  };
  if (settings.upstreamKey) headers.Authorization = `Bearer ${settings.upstreamKey}`;
  const timeout = AbortSignal.timeout(settings.upstreamTimeoutMs);
  let response: Response;
  try {
    response = await fetch(completionsUrl(settings.upstreamUrl ?? ''), {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: settings.model, messages, stream: true }),
      signal: AbortSignal.any([signal, timeout]),
    });
  } catch (cause) {
    if (signal.aborted) throw cause;
    return { ok: false, status: 0, detail: timeout.aborted ? 'timeout' : (cause as Error).message };
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    return { ok: false, status: response.status, detail: text.slice(0, 200) };
  }
  return { ok: true, body: response.body };
}

/** True once the client has taken what was written; false when it took nothing for `stallMs` or left. */
function drained(raw: ServerResponse, signal: AbortSignal, stallMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const end = (taken: boolean) => {
      clearTimeout(timer);
      raw.off('drain', onDrain);
      signal.removeEventListener('abort', onAbort);
      resolve(taken);
    };
    const onDrain = () => end(true);
    const onAbort = () => end(false);
    const timer = setTimeout(end, stallMs, false);
    raw.on('drain', onDrain);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Passes the upstream's events through as they arrive (the answer text is read on the way to keep it).
 * A break of the upstream stream becomes an `error` event the client shows. A client slower than the
 * upstream holds the upstream back: nothing more is read from it until the client has taken what it was
 * written (the rest waits in the upstream's own flow control, not in this server's memory); a client that
 * takes nothing for `stallMs` is cut, and the answer is kept as stopped.
 */
export async function relayUpstream(
  raw: ServerResponse,
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  failure: (detail: string) => unknown,
  stallMs: number,
): Promise<StreamOutcome> {
  let answer = '';
  let done = false;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') {
        done = true;
        return;
      }
      try {
        const chunk = JSON.parse(event.data) as { choices?: { delta?: { content?: unknown } }[] };
        const content = chunk.choices?.[0]?.delta?.content;
        if (typeof content === 'string') answer += content;
      } catch {
        // Not a chunk of ours to read; it is still passed on as it came.
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const cancel = () => {
    reader.cancel().catch(() => undefined);
  };
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (signal.aborted) return { answer, status: 'aborted' };
      if (ended) break;
      const flowing = raw.write(value);
      parser.feed(decoder.decode(value, { stream: true }));
      if (!flowing && !(await drained(raw, signal, stallMs))) {
        cancel();
        raw.destroy();
        return { answer, status: 'aborted' };
      }
    }
    raw.end();
    return { answer, status: done || answer ? 'done' : 'failed' };
  } catch (cause) {
    if (signal.aborted) return { answer, status: 'aborted' };
    raw.end(eventOf({ error: failure((cause as Error).message) }));
    return { answer, status: 'failed' };
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
