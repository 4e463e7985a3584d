/**
 * The notification socket (spec §4 Notification socket, §7 Sockets, §8, DECISIONS 21), with everything
 * it touches injected: the socket factory, the timers, the random source, the tokens and the console. No
 * React, no DOM: the tests drive it with a fake socket and fake timers.
 */

import type { NotificationConnection } from '@ops/shared';

/** Heartbeat interval (spec §9). */
export const HEARTBEAT_MS = 50_000;
/** Reconnect delay after a close or an error (spec §9) ... */
export const RECONNECT_MS = 30_000;
/** ... plus up to this much random jitter (DECISIONS 21). */
export const RECONNECT_JITTER_MS = 5_000;

export const SOCKET_PATH = '/api/blade-system/websocket/';

/** The part of a browser WebSocket the client uses. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export interface Credentials {
  userId: string | null | undefined;
  token: string;
  hzToken: string;
}

export interface SocketClientDeps {
  /** The socket's address for a user (ws: or wss: like the page). */
  url(userId: string): string;
  createSocket(url: string): SocketLike;
  timers: Timers;
  /** In [0, 1): the reconnect jitter. */
  random(): number;
  /** Read at every (re)connect: always the current tokens (after a refresh). */
  credentials(): Credentials;
  console: Pick<Console, 'error' | 'warn'>;
  /** A notification frame (an object with a numeric id and kind), newer than any before. */
  onNotification(frame: Record<string, unknown>): void;
  /** An `importmap` frame: the import map of the user's pages is now at `version`. */
  onImportMap?(version: string): void;
  onState(state: NotificationConnection): void;
}

export interface SocketClient {
  start(): void;
  /** A deliberate close (logout, unmount): no reconnect after it. */
  stop(): void;
  readonly lastId: number;
}

/** The page's socket address for a path: wss on https (spec §7). */
export function socketUrl(location: { protocol: string; host: string }, path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

/**
 * The version an `importmap` frame names (the served map's version, like the page's
 * `ops-importmap-version` meta: letters, digits and dots), or null for anything else.
 */
export function importMapVersion(value: unknown): string | null {
  return typeof value === 'string' && /^[A-Za-z0-9.]{1,200}$/.test(value) ? value : null;
}

/** The first frame: the two bearer values by header name, each omitted when missing (spec §7). */
export function signInFrame(credentials: Credentials, lastId: number | null): Record<string, unknown> {
  const frame: Record<string, unknown> = {};
  if (credentials.hzToken) frame['Hzinfo-Auth'] = `bearer ${credentials.hzToken}`;
  if (credentials.token) frame['Blade-Auth'] = `bearer ${credentials.token}`;
  if (lastId !== null) frame.lastId = lastId;
  return frame;
}

export function createSocketClient(deps: SocketClientDeps): SocketClient {
  const { timers } = deps;
  let socket: SocketLike | null = null;
  let heartbeat: unknown = null;
  let reconnect: unknown = null;
  let stopped = false;
  /** Newest id seen; null until the server's first `ready` says where the user stands. */
  let lastId: number | null = null;

  const publish = (state: NotificationConnection['state']) => deps.onState({ state, lastId: lastId ?? 0 });

  function clearHeartbeat() {
    if (heartbeat !== null) timers.clearInterval(heartbeat);
    heartbeat = null;
  }

  function scheduleReconnect() {
    clearHeartbeat();
    socket = null;
    if (stopped || reconnect !== null) return;
    const delay = RECONNECT_MS + Math.floor(deps.random() * RECONNECT_JITTER_MS);
    reconnect = timers.setTimeout(() => {
      reconnect = null;
      open();
    }, delay);
    publish('reconnecting');
  }

  function receive(data: unknown) {
    let frame: unknown;
    try {
      frame = JSON.parse(String(data));
    } catch (err) {
      // Parse errors go to the console only (spec §8).
      deps.console.error('notification socket: frame is not JSON', err);
      return;
    }
    if (typeof frame !== 'object' || frame === null) return;
    const f = frame as Record<string, unknown>;
    if (f.type === 'ready' && typeof f.lastId === 'number') {
      // First contact sets the baseline; a server holding less than we saw (a new database) resets it.
      if (lastId === null || f.lastId < lastId) lastId = f.lastId;
      publish('open');
      return;
    }
    if (f.type === 'importmap') {
      const version = importMapVersion(f.version);
      if (version) deps.onImportMap?.(version);
      else deps.console.warn('notification socket: importmap frame without a valid version', f.version);
      return;
    }
    if (typeof f.id !== 'number' || typeof f.kind !== 'number') return;
    if (lastId !== null && f.id <= lastId) return;
    lastId = f.id;
    deps.onNotification(f);
  }

  function open() {
    if (stopped) return;
    const credentials = deps.credentials();
    if (!credentials.userId) {
      deps.console.error('user_id is null！');
      publish('idle');
      return;
    }
    publish('connecting');
    let own: SocketLike;
    try {
      own = deps.createSocket(deps.url(credentials.userId));
    } catch (err) {
      deps.console.error('notification socket: cannot open', err);
      scheduleReconnect();
      return;
    }
    socket = own;
    own.onopen = () => {
      if (socket !== own) return;
      // The tokens as they are now: a refresh since the socket was created is taken in.
      own.send(JSON.stringify(signInFrame(deps.credentials(), lastId)));
      heartbeat = timers.setInterval(() => own.send(JSON.stringify({ message: 'heartbeat' })), HEARTBEAT_MS);
    };
    own.onmessage = (event) => {
      if (socket === own) receive(event.data);
    };
    own.onclose = () => {
      if (socket === own) scheduleReconnect();
    };
    own.onerror = () => {
      if (socket !== own) return;
      // An error is followed by a close; close now so exactly one reconnect is pending.
      scheduleReconnect();
      try {
        own.close();
      } catch {
        // already closing
      }
    };
  }

  return {
    start() {
      if (socket || reconnect !== null || stopped) return;
      open();
    },
    stop() {
      stopped = true;
      if (reconnect !== null) timers.clearTimeout(reconnect);
      reconnect = null;
      clearHeartbeat();
      const own = socket;
      socket = null;
      if (own) {
        own.onopen = own.onmessage = own.onclose = own.onerror = null;
        own.close(1000, 'closed');
      }
      publish('stopped');
    },
    get lastId() {
      return lastId ?? 0;
    },
  };
}

/** A browser WebSocket behind the SocketLike face the client drives. */
export function browserSocket(url: string): SocketLike {
  const ws = new WebSocket(url);
  const face: SocketLike = {
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (event) => face.onopen?.(event);
  ws.onmessage = (event) => face.onmessage?.({ data: event.data });
  ws.onclose = (event) => face.onclose?.(event);
  ws.onerror = (event) => face.onerror?.(event);
  return face;
}
