import { expect } from '@esm-bundle/chai';
import { manualClock } from '@ops/shared/test-support';
import {
  HEARTBEAT_MS,
  openAssistantSocket,
  RECONNECT_MS,
  REPLY_WAIT_MS,
  readFrame,
  type SocketLike,
  socketUrl,
} from './socket';

class FakeSocket implements SocketLike {
  sent: string[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.closed = true;
  }
}

function setup() {
  const clock = manualClock();
  const sockets: FakeSocket[] = [];
  const frames: unknown[] = [];
  const handle = openAssistantSocket({
    url: 'ws://host/api/gglm-big-model/websocket/interactive/abc',
    create: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    clock,
    onFrame: (frame) => frames.push(frame),
  });
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  last().onopen?.(new Event('open'));
  return { clock, sockets, frames, handle, last };
}

describe('assistant socket (spec §7, §9)', () => {
  it('sends a heartbeat after 30 s idle and keeps the socket when type 0 answers within 3 s', () => {
    const { clock, sockets, last } = setup();
    clock.advance(HEARTBEAT_MS - 1);
    expect(last().sent).to.deep.equal([]);
    clock.advance(1);
    expect(last().sent).to.deep.equal(['{"type":0,"context":"ping"}']);
    clock.advance(REPLY_WAIT_MS - 1);
    last().onmessage?.(new MessageEvent('message', { data: '{"type":0,"context":"ping"}' }));
    clock.advance(HEARTBEAT_MS - 1);
    expect(sockets.length).to.equal(1);
    expect(last().sent.length).to.equal(1);
    clock.advance(1);
    expect(last().sent.length, 'the next heartbeat').to.equal(2);
  });

  it('opens a new socket when no type-0 reply arrives within 3 s', () => {
    const { clock, sockets } = setup();
    clock.advance(HEARTBEAT_MS + REPLY_WAIT_MS);
    expect(sockets.length).to.equal(2);
    expect(sockets[0]?.closed).to.equal(true);
  });

  it('reconnects 5 s after a close it did not ask for, never after a deliberate close', () => {
    const { clock, sockets, handle, last } = setup();
    last().onclose?.(new CloseEvent('close'));
    clock.advance(RECONNECT_MS - 1);
    expect(sockets.length).to.equal(1);
    clock.advance(1);
    expect(sockets.length).to.equal(2);
    expect(handle.opened()).to.equal(2);
    handle.close();
    expect(last().closed).to.equal(true);
    last().onclose?.(new CloseEvent('close'));
    clock.advance(RECONNECT_MS * 10);
    expect(sockets.length).to.equal(2);
    expect(clock.pending()).to.equal(0);
  });

  it('hands type-1 frames on, and an answer frame counts as activity', () => {
    const { clock, frames, last } = setup();
    clock.advance(HEARTBEAT_MS - 10);
    last().onmessage?.(
      new MessageEvent('message', {
        data: JSON.stringify({ type: 1, status: -2, running: false, chat_id: 'chat-1' }),
      }),
    );
    last().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    last().onmessage?.(new MessageEvent('message', { data: '{"type":5}' }));
    expect(frames).to.deep.equal([{ type: 1, status: -2, running: false, chat_id: 'chat-1' }]);
    clock.advance(20);
    expect(last().sent, 'the idle time started again').to.deep.equal([]);
  });

  it('reads frames and builds the address on the page host', () => {
    expect(readFrame('{"type":"0"}')).to.deep.equal({ type: 0 });
    expect(readFrame('null')).to.equal(null);
    expect(readFrame(42)).to.equal(null);
    expect(socketUrl({ protocol: 'https:', host: 'ops.example' }, 'abc')).to.equal(
      'wss://ops.example/api/gglm-big-model/websocket/interactive/abc',
    );
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:4173' }, 'abc')).to.equal(
      'ws://127.0.0.1:4173/api/gglm-big-model/websocket/interactive/abc',
    );
  });
});
