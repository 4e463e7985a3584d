import { expect } from '@esm-bundle/chai';
import type { NotificationConnection } from '@ops/shared';
import {
  type Credentials,
  createSocketClient,
  HEARTBEAT_MS,
  importMapVersion,
  RECONNECT_JITTER_MS,
  RECONNECT_MS,
  type SocketLike,
  signInFrame,
  socketUrl,
  type Timers,
} from './socket-client';

/** Timers that run only when the test moves the clock. */
class FakeTimers implements Timers {
  now = 0;
  private next = 1;
  private tasks = new Map<number, { at: number; fn: () => void; every: number | null }>();
  setTimeout(fn: () => void, ms: number) {
    const id = this.next++;
    this.tasks.set(id, { at: this.now + ms, fn, every: null });
    return id;
  }
  setInterval(fn: () => void, ms: number) {
    const id = this.next++;
    this.tasks.set(id, { at: this.now + ms, fn, every: ms });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.tasks.delete(handle as number);
  }
  clearInterval(handle: unknown) {
    this.tasks.delete(handle as number);
  }
  pending() {
    return this.tasks.size;
  }
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.tasks.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, task] = due;
      this.now = task.at;
      if (task.every === null) this.tasks.delete(id);
      else task.at += task.every;
      task.fn();
    }
    this.now = end;
  }
}

class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  closed: { code?: number } | null = null;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = { code };
  }
  // What the server does:
  open() {
    this.onopen?.({});
  }
  frame(value: unknown) {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  drop() {
    this.onclose?.({});
  }
  fail() {
    this.onerror?.({});
    this.onclose?.({});
  }
}

function setup(credentials: Credentials = { userId: '7', token: 'A1', hzToken: 'H1' }, random = 0.5) {
  const timers = new FakeTimers();
  const sockets: FakeSocket[] = [];
  const states: NotificationConnection[] = [];
  const received: Record<string, unknown>[] = [];
  const errors: unknown[][] = [];
  const warnings: unknown[][] = [];
  const importMaps: string[] = [];
  let current = credentials;
  const client = createSocketClient({
    url: (userId) => `ws://console.test/api/blade-system/websocket/${userId}`,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    timers,
    random: () => random,
    credentials: () => current,
    console: {
      error: (...args: unknown[]) => errors.push(args),
      warn: (...args: unknown[]) => warnings.push(args),
    },
    onNotification: (frame) => received.push(frame),
    onImportMap: (version) => importMaps.push(version),
    onState: (state) => states.push(state),
  });
  return {
    client,
    timers,
    sockets,
    states,
    received,
    errors,
    warnings,
    importMaps,
    setCredentials: (c: Credentials) => {
      current = c;
    },
  };
}

describe('notification socket client (spec §4, DECISIONS 21)', () => {
  it('opens the user’s socket and signs in with both bearer values, then a heartbeat every 50 s', () => {
    const t = setup();
    t.client.start();
    expect(t.sockets).to.have.length(1);
    expect(t.sockets[0]!.url).to.equal('ws://console.test/api/blade-system/websocket/7');
    t.sockets[0]!.open();
    expect(t.sockets[0]!.sent).to.deep.equal([{ 'Hzinfo-Auth': 'bearer H1', 'Blade-Auth': 'bearer A1' }]);
    t.timers.advance(HEARTBEAT_MS - 1);
    expect(t.sockets[0]!.sent).to.have.length(1);
    t.timers.advance(1);
    expect(t.sockets[0]!.sent[1]).to.deep.equal({ message: 'heartbeat' });
    t.timers.advance(HEARTBEAT_MS);
    expect(t.sockets[0]!.sent).to.have.length(3);
  });

  it('omits a missing bearer value', () => {
    expect(signInFrame({ userId: '1', token: '', hzToken: 'H' }, null)).to.deep.equal({
      'Hzinfo-Auth': 'bearer H',
    });
    expect(signInFrame({ userId: '1', token: 'A', hzToken: '' }, 4)).to.deep.equal({
      'Blade-Auth': 'bearer A',
      lastId: 4,
    });
  });

  it('without a user id logs user_id is null！ and opens nothing', () => {
    const t = setup({ userId: '', token: 'A', hzToken: 'H' });
    t.client.start();
    expect(t.sockets).to.have.length(0);
    expect(t.errors.map((e) => e[0])).to.deep.equal(['user_id is null！']);
    expect(t.states.at(-1)?.state).to.equal('idle');
    t.timers.advance(10 * RECONNECT_MS);
    expect(t.sockets).to.have.length(0);
  });

  it('reconnects 30 s plus the jitter after a close, with the current token and the last id seen', () => {
    const t = setup(undefined, 0.4);
    t.client.start();
    const first = t.sockets[0]!;
    first.open();
    first.frame({ type: 'ready', lastId: 10 });
    first.frame({ id: 11, kind: 2, subject: 's' });
    first.drop();
    expect(t.states.at(-1)).to.deep.equal({ state: 'reconnecting', lastId: 11 });
    t.setCredentials({ userId: '7', token: 'A2', hzToken: 'H2' });
    const delay = RECONNECT_MS + 0.4 * RECONNECT_JITTER_MS;
    t.timers.advance(delay - 1);
    expect(t.sockets).to.have.length(1);
    t.timers.advance(1);
    expect(t.sockets).to.have.length(2);
    t.sockets[1]!.open();
    expect(t.sockets[1]!.sent[0]).to.deep.equal({
      'Hzinfo-Auth': 'bearer H2',
      'Blade-Auth': 'bearer A2',
      lastId: 11,
    });
  });

  it('keeps the jitter within 5 s', () => {
    for (const random of [0, 0.999999]) {
      const t = setup(undefined, random);
      t.client.start();
      t.sockets[0]!.drop();
      t.timers.advance(RECONNECT_MS + RECONNECT_JITTER_MS);
      expect(t.sockets, `random ${random}`).to.have.length(2);
    }
    const early = setup(undefined, 0);
    early.client.start();
    early.sockets[0]!.drop();
    early.timers.advance(RECONNECT_MS - 1);
    expect(early.sockets).to.have.length(1);
  });

  it('has one reconnect pending at a time (an error followed by a close, repeated failures)', () => {
    const t = setup(undefined, 0);
    t.client.start();
    t.sockets[0]!.open();
    t.sockets[0]!.fail();
    t.sockets[0]!.drop();
    expect(t.timers.pending()).to.equal(1, 'one timer: the reconnect (the heartbeat is gone)');
    t.timers.advance(RECONNECT_MS);
    expect(t.sockets).to.have.length(2);
    t.sockets[1]!.fail();
    t.timers.advance(RECONNECT_MS);
    expect(t.sockets).to.have.length(3);
    t.client.start();
    expect(t.sockets).to.have.length(3, 'start while connected opens nothing more');
  });

  it('never reconnects after a deliberate stop (logout, unmount) and closes the socket', () => {
    const t = setup(undefined, 0);
    t.client.start();
    t.sockets[0]!.open();
    t.client.stop();
    expect(t.sockets[0]!.closed).to.deep.equal({ code: 1000 });
    t.sockets[0]!.drop();
    t.timers.advance(10 * RECONNECT_MS);
    expect(t.sockets).to.have.length(1);
    expect(t.timers.pending()).to.equal(0);
    expect(t.states.at(-1)?.state).to.equal('stopped');
    // A stop while a reconnect is pending cancels it.
    const u = setup(undefined, 0);
    u.client.start();
    u.sockets[0]!.drop();
    u.client.stop();
    u.timers.advance(10 * RECONNECT_MS);
    expect(u.sockets).to.have.length(1);
    u.client.start();
    expect(u.sockets).to.have.length(1, 'a stopped client stays stopped');
  });

  it('passes each notification once: replays and repeats with an id already seen are dropped', () => {
    const t = setup();
    t.client.start();
    const s = t.sockets[0]!;
    s.open();
    s.frame({ type: 'ready', lastId: 3 });
    s.frame({ id: 3, kind: 1 });
    s.frame({ id: 4, kind: 1, deptName: 'a' });
    s.frame({ id: 4, kind: 1, deptName: 'again' });
    s.frame({ id: 6, kind: 2 });
    s.frame({ id: 5, kind: 2 });
    s.frame({ type: 'heartbeat', message: 'pong' });
    expect(t.received.map((f) => f.id)).to.deep.equal([4, 6]);
    expect(t.client.lastId).to.equal(6);
  });

  it('takes a lower last id from a server that lost its history (a new database)', () => {
    const t = setup(undefined, 0);
    t.client.start();
    t.sockets[0]!.open();
    t.sockets[0]!.frame({ type: 'ready', lastId: 50 });
    t.sockets[0]!.drop();
    t.timers.advance(RECONNECT_MS);
    t.sockets[1]!.open();
    t.sockets[1]!.frame({ type: 'ready', lastId: 0 });
    t.sockets[1]!.frame({ id: 1, kind: 2 });
    expect(t.received.map((f) => f.id)).to.deep.equal([1]);
  });

  it('sends parse errors to the console only and keeps the socket', () => {
    const t = setup();
    t.client.start();
    t.sockets[0]!.open();
    t.sockets[0]!.frame('{not json');
    expect(t.errors).to.have.length(1);
    expect(t.received).to.have.length(0);
    expect(t.sockets[0]!.closed).to.equal(null);
  });

  it('passes an importmap frame’s version on (issue 16); a frame without a valid one is only logged', () => {
    const t = setup();
    t.client.start();
    const s = t.sockets[0]!;
    s.open();
    s.frame({ type: 'ready', lastId: 0 });
    s.frame({ type: 'importmap', version: '0a1b2c3d4e5f6a7b.0.99aa' });
    for (const bad of [undefined, 7, '', 'a b', '<script>', 'x'.repeat(201)])
      s.frame({ type: 'importmap', version: bad });
    s.frame({ type: 'importmap', version: '1111111111111111.2222222222222222.3' });
    expect(t.importMaps).to.deep.equal(['0a1b2c3d4e5f6a7b.0.99aa', '1111111111111111.2222222222222222.3']);
    expect(t.warnings).to.have.length(6);
    expect(t.received, 'not a notification').to.have.length(0);
    expect(t.client.lastId).to.equal(0);
  });

  it('reads an import-map version: letters, digits and dots, up to 200', () => {
    const table: Array<[unknown, string | null]> = [
      ['abc.0.def', 'abc.0.def'],
      ['0', '0'],
      ['', null],
      [null, null],
      [12, null],
      ['a"b', null],
      ['a/b', null],
    ];
    for (const [value, expected] of table) expect(importMapVersion(value), String(value)).to.equal(expected);
  });

  it('builds ws: or wss: addresses like the page', () => {
    expect(socketUrl({ protocol: 'http:', host: 'a:8080' }, '/x/1')).to.equal('ws://a:8080/x/1');
    expect(socketUrl({ protocol: 'https:', host: 'a' }, '/x/1')).to.equal('wss://a/x/1');
  });
});
