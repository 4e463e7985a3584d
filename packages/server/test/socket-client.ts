import assert from 'node:assert/strict';
import WebSocket from 'ws';
import type { Tokens } from './helpers.ts';

// biome-ignore lint/suspicious/noExplicitAny: frames are read as plain JSON
export type Frame = any;

export const BLADE = (userId: string) => `/api/blade-system/websocket/${userId}`;
export const MESSAGE = (userId: string) => `/api/hzims-message/ws/${userId}`;

/** A real socket client that keeps every frame and its close. */
export class Client {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  private waiters: (() => void)[] = [];
  readonly ws: WebSocket;

  constructor(base: string, path: string) {
    this.ws = new WebSocket(base.replace(/^http/, 'ws') + path);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.ws.on('close', () => {
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  send(value: unknown) {
    this.ws.send(typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value));
  }

  /** Waits until `count` frames match (or the socket closes), then answers them. */
  async until(match: (f: Frame) => boolean, count = 1, timeoutMs = 5000): Promise<Frame[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.filter(match);
      if (found.length >= count) return found;
      if (this.ws.readyState === WebSocket.CLOSED) return found;
      const left = deadline - Date.now();
      if (left <= 0) return found;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** A heartbeat round trip: every frame the server sent before it has arrived. */
  async ping(): Promise<Frame> {
    const before = this.frames.filter((f) => f.type === 'heartbeat').length;
    this.send({ message: 'ping' });
    const beats = await this.until((f) => f.type === 'heartbeat', before + 1);
    return beats[before];
  }

  notifications(): Frame[] {
    return this.frames.filter((f) => typeof f.kind === 'number');
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

export const authFrame = (t: Tokens, extra: Record<string, unknown> = {}) => ({
  'Hzinfo-Auth': `bearer ${t.hz_access_token}`,
  'Blade-Auth': `bearer ${t.access_token}`,
  ...extra,
});

export async function signedIn(
  s: { url: string },
  path: string,
  t: Tokens,
  extra: Record<string, unknown> = {},
) {
  const c = new Client(s.url, path);
  await c.opened;
  c.send(authFrame(t, extra));
  const [ready] = await c.until((f) => f.type === 'ready');
  assert.ok(ready, 'the server answers a valid sign-in with ready');
  return { client: c, ready };
}
