import type WebSocket from 'ws';
import type { Bus } from '../db/bus.ts';
import type { StreamOutcome } from './assistant-stream.ts';
import { sendBounded } from './socket-send.ts';

/** Longest socket frame read; a longer one is answered with an error frame. */
const FRAME_MAX = 4096;

/** What travels on the bus: a frame for the sockets of one chat session, wherever they are connected. */
interface SessionFrame {
  sessionId: string;
  frame: unknown;
}

/**
 * The open sockets of each chat session: every answer's start and end are pushed to them as type-1 frames.
 * A session's socket may be held by another instance than the one answering the question, so a frame goes
 * out on the bus ('ops_assistant') and every instance's registry sends it to the sockets it holds.
 */
export class SessionSockets {
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly unfollow: () => void;
  constructor(private readonly bus: Bus) {
    this.unfollow = bus.subscribe('ops_assistant', (payload) => {
      const { sessionId, frame } = payload as SessionFrame;
      this.send(sessionId, frame);
    });
  }
  add(sessionId: string, socket: WebSocket) {
    const set = this.bySession.get(sessionId) ?? new Set<WebSocket>();
    this.bySession.set(sessionId, set);
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0) this.bySession.delete(sessionId);
    });
  }
  /**
   * Sends a frame to the session's sockets on every instance. Await each push before the next: frames of
   * one answer then arrive in the order they were pushed.
   */
  push(sessionId: string, frame: unknown): Promise<void> {
    return this.bus.publish('ops_assistant', { sessionId, frame } satisfies SessionFrame);
  }
  /** The sockets held here (every session). */
  count(): number {
    let n = 0;
    for (const set of this.bySession.values()) n += set.size;
    return n;
  }
  /** Stops hearing the bus (the server closes). */
  close() {
    this.unfollow();
  }
  private send(sessionId: string, frame: unknown) {
    const text = JSON.stringify(frame);
    for (const socket of this.bySession.get(sessionId) ?? []) sendBounded(socket, text);
  }
}

/** The answer a type-1 frame speaks of. */
export interface AnswerIds {
  question: string;
  chatId: string;
  queryId: string;
  userId: number;
}

/** The type-1 frame of an answer: running while `outcome` is null, then done (1) or failed (-2). */
export function answerPush(ids: AnswerIds, outcome: StreamOutcome | null, extras: unknown[] = []) {
  return {
    type: 1,
    query: ids.question,
    answer: outcome?.answer ?? '',
    text: outcome?.answer ?? '',
    status: outcome === null ? 0 : outcome.status === 'done' ? 1 : -2,
    running: outcome === null,
    extras,
    id: ids.chatId,
    user_id: String(ids.userId),
    q_id: ids.queryId,
    chat_id: ids.chatId,
  };
}

/** The reply to one client frame: a heartbeat (type 0) is echoed; anything else is told what was wrong. */
export function answerFrame(text: string | null): unknown {
  if (text === null) return { type: -1, msg: 'invalid frame: binary frames are not accepted' };
  if (text.length > FRAME_MAX) return { type: -1, msg: `invalid frame: longer than ${FRAME_MAX} characters` };
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return { type: -1, msg: 'invalid frame: not JSON' };
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame))
    return { type: -1, msg: 'invalid frame: not a JSON object' };
  const { type, context } = frame as { type?: unknown; context?: unknown };
  if (type === 0 || type === '0') return { type: 0, context: typeof context === 'string' ? context : 'pong' };
  return { type: -1, msg: 'invalid frame: unknown type' };
}
