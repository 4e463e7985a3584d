/**
 * The chat session's socket (spec §7, §9): while idle a heartbeat `{ type: 0, context }` every 30 s; no
 * type-0 reply within 3 s opens a new socket; a close that was not asked for reconnects after 5 s.
 * Type-1 frames (an answer's start and end) go to `onFrame`. Timers run on an injected clock.
 */
import type { Clock } from '@ops/shared';

export const HEARTBEAT_MS = 30_000;
export const REPLY_WAIT_MS = 3_000;
export const RECONNECT_MS = 5_000;

/** What the socket needs of a WebSocket. */
export interface SocketLike {
  send(text: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface AnswerFrame {
  type: 1;
  status: number;
  running: boolean;
  chat_id?: string;
  query?: string;
  answer?: string;
  [key: string]: unknown;
}

export interface AssistantSocket {
  /** Deliberate: no reconnect follows. */
  close(): void;
  /** How many sockets were opened so far (the first and every reconnect). */
  opened(): number;
}

/** The socket address of a session, on the page's host (wss on https). */
export function socketUrl(location: { protocol: string; host: string }, sessionId: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/gglm-big-model/websocket/interactive/${encodeURIComponent(sessionId)}`;
}

/** A server frame, or null for one that is not JSON of a known type (ignored). */
export function readFrame(data: unknown): { type: 0 } | AnswerFrame | null {
  if (typeof data !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof frame !== 'object' || frame === null) return null;
  const type = (frame as { type?: unknown }).type;
  if (type === 0 || type === '0') return { type: 0 };
  if (type === 1 || type === '1') return { ...(frame as object), type: 1 } as AnswerFrame;
  return null;
}

export function openAssistantSocket(options: {
  url: string;
  create: (url: string) => SocketLike;
  clock: Clock;
  onFrame: (frame: AnswerFrame) => void;
}): AssistantSocket {
  const { clock } = options;
  let socket: SocketLike | null = null;
  let deliberate = false;
  let opened = 0;
  let cancelTimer = () => {};
  const later = (fn: () => void, ms: number) => {
    cancelTimer();
    cancelTimer = clock.setTimeout(fn, ms);
  };

  const idle = () =>
    later(() => {
      socket?.send(JSON.stringify({ type: 0, context: 'ping' }));
      // No type-0 reply in time: this socket is dead, open another now.
      later(() => connect(), REPLY_WAIT_MS);
    }, HEARTBEAT_MS);

  function drop() {
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close();
    } catch {
      // Already closing.
    }
  }

  function connect() {
    cancelTimer();
    drop();
    if (deliberate) return;
    const current = options.create(options.url);
    socket = current;
    opened += 1;
    current.onopen = () => idle();
    current.onmessage = (event) => {
      const frame = readFrame(event.data);
      if (!frame) return;
      idle();
      if (frame.type === 1) options.onFrame(frame);
    };
    current.onerror = () => undefined;
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      if (!deliberate) later(() => connect(), RECONNECT_MS);
    };
  }

  connect();
  return {
    close() {
      deliberate = true;
      cancelTimer();
      drop();
    },
    opened: () => opened,
  };
}
