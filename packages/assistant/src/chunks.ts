/**
 * The answer as it streams: each Server-Sent Event's data (an OpenAI chat completion chunk) adds to the
 * content, the reasoning or the action extras. DECISIONS 20: an `extra` that is not valid JSON is ignored
 * (and reported for the error log); the stream's end without `[DONE]` is the caller's to judge.
 */
import type { ErrorLogEntry } from '@ops/shared';
import { isFields } from './actions/values';

/**
 * One action item of an answer (spec §3 extra item); what each function carries is in
 * docs/assistant-actions.md. Fields are as the server sent them: the blocks check each one they read.
 */
export interface ExtraItem {
  func: string;
  name?: unknown;
  label?: unknown;
  data?: unknown;
  params?: unknown;
  picSource?: unknown;
  station_name?: unknown;
  device_name?: unknown;
  record_name?: unknown;
  beginTime?: unknown;
  endTime?: unknown;
  errorInfo?: unknown;
  instanceId?: unknown;
  attrName?: unknown;
  [key: string]: unknown;
}

export interface StreamedAnswer {
  /** The answer's id (`chat-…`), from the first chunk that carries one. */
  chatId: string;
  content: string;
  reasoning: string;
  extras: ExtraItem[];
  /** Real data the answer carries (spec §3 realData: station_name, device_name, param_name, time, value). */
  realData: unknown[];
}

/** What one event came to besides the text it added. */
export type ChunkNote =
  | { kind: 'ok' }
  /** A chunk whose `extra` is not a JSON list or object: the rest of the chunk still counts. */
  | { kind: 'bad-extra'; raw: string }
  /** The server's error event (`{ error: { message } }`): the answer failed. */
  | { kind: 'error'; message: string }
  /** Not a chunk (not JSON, or no choices): skipped. */
  | { kind: 'skipped'; raw: string };

export const emptyAnswer = (): StreamedAnswer => ({
  chatId: '',
  content: '',
  reasoning: '',
  extras: [],
  realData: [],
});

/** Reads an `extra` string: a list of items, or one item; null when it is not JSON of that shape. */
export function parseExtra(raw: string): ExtraItem[] | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item) => isFields(item) && typeof item.func === 'string')) return null;
  return list as ExtraItem[];
}

/** Adds one event's data to the answer (in place: work proportional to the chunk) and says what it was. */
export function feedChunk(answer: StreamedAnswer, data: string): ChunkNote {
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return { kind: 'skipped', raw: data };
  }
  if (!isFields(chunk)) return { kind: 'skipped', raw: data };
  if (isFields(chunk.error) || typeof chunk.error === 'string') {
    const error = chunk.error;
    const message =
      typeof error === 'string' ? error : String((error as { message?: unknown }).message ?? '');
    return { kind: 'error', message };
  }
  if (!answer.chatId && typeof chunk.id === 'string') answer.chatId = chunk.id;
  const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  if (!isFields(choice)) return { kind: 'skipped', raw: data };
  const delta = isFields(choice.delta) ? choice.delta : {};
  if (typeof delta.reasoning_content === 'string') answer.reasoning += delta.reasoning_content;
  if (typeof delta.content === 'string') answer.content += delta.content;
  const extra = delta.extra ?? chunk.extra;
  if (typeof extra === 'string' && extra !== '') {
    const items = parseExtra(extra);
    if (!items) return { kind: 'bad-extra', raw: extra };
    answer.extras = items;
  }
  const realData = delta.realData ?? chunk.realData;
  if (Array.isArray(realData)) answer.realData = realData;
  return { kind: 'ok' };
}

/** DECISIONS 20: a stream that ends without `[DONE]` is complete when it delivered content. */
export function streamComplete(done: boolean, answer: StreamedAnswer): boolean {
  return done || answer.content !== '';
}

/** The error log's entry for an `extra` that could not be read: where, when, and its first 500 characters. */
export function badExtraEntry(raw: string, at: { url: string; message: string; time: Date }): ErrorLogEntry {
  return {
    type: 'assistant-extra',
    url: at.url,
    message: at.message,
    stack: '',
    info: raw.slice(0, 500),
    time: at.time.toISOString(),
  };
}
