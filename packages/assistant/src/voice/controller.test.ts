import { expect } from '@esm-bundle/chai';
import { type SpeechSocket, type VoiceDeps, type VoiceSnapshot, voiceController } from './controller';
import { FRAME_SAMPLES } from './pcm';

/** A clock that moves only when told. */
function manualClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout: (run: () => void, ms: number) => {
      timers.set(++nextId, { at: now + ms, run });
      return nextId;
    },
    clearTimeout: (id: unknown) => timers.delete(id as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.run();
      }
    },
    pending: () => timers.size,
  };
}

class FakeSocket implements SpeechSocket {
  readyState = 0;
  sent: { common?: unknown; business?: unknown; data: { status: number; audio: string } }[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  reply(value: unknown) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
  dropped() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const result = (status: number, words: string[]) => ({
  code: 0,
  message: 'success',
  sid: 's',
  data: { status, result: { ws: words.map((w) => ({ cw: [{ w }] })) } },
});

function setup(overrides: Partial<VoiceDeps> = {}) {
  const clock = manualClock();
  const sockets: FakeSocket[] = [];
  const texts: string[] = [];
  const sent: string[] = [];
  const states: VoiceSnapshot[] = [];
  let feed: ((chunk: Float32Array) => void) | null = null;
  let stops = 0;
  let resolveMic: (() => void) | null = null;
  let rejectMic: ((e: unknown) => void) | null = null;
  const voice = voiceController({
    clock,
    signedUrl: () => 'wss://iat.example.com/v2/iat?authorization=x',
    openSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    record: (onAudio) =>
      new Promise((resolve, reject) => {
        feed = onAudio;
        resolveMic = () => resolve({ sampleRate: 16000, stop: () => stops++ });
        rejectMic = reject;
      }),
    language: 'zh_cn',
    appId: 'app',
    onText: (text) => texts.push(text),
    onSend: (text) => sent.push(text),
    onChange: (s) => states.push(s),
    ...overrides,
  });
  const last = () => states.at(-1)!;
  return {
    voice,
    clock,
    sockets,
    texts,
    sent,
    last,
    stops: () => stops,
    /** The microphone's permission granted (its promise settles on the next ticks). */
    async openMic() {
      resolveMic!();
      await Promise.resolve();
      await Promise.resolve();
    },
    /** Holds 500 ms, the microphone opens and the socket opens. */
    async start() {
      voice.press();
      clock.advance(500);
      await this.openMic();
      sockets[0]!.open();
      return sockets[0]!;
    },
    speak(samples: number) {
      feed!(new Float32Array(samples).fill(0.3));
    },
    failMic(error: unknown) {
      rejectMic!(error);
    },
  };
}

describe('voice controller', () => {
  it('a tap shorter than 500 ms does nothing', () => {
    const t = setup();
    t.voice.press();
    t.clock.advance(499);
    t.voice.release();
    t.clock.advance(5000);
    expect(t.sockets).to.have.length(0);
    expect(t.last()).to.deep.equal({ socket: 'UNDEFINED', recording: false, problem: null });
  });

  it('holding 500 ms records: first frame with the session parameters, then 1280-sample frames', async () => {
    const t = setup();
    t.voice.press();
    t.clock.advance(500);
    expect(t.last()).to.deep.include({ socket: 'CONNECTING', recording: true });
    await t.openMic();
    const socket = t.sockets[0]!;
    socket.open();
    expect(t.last()).to.deep.include({ socket: 'OPEN', recording: true });
    t.speak(FRAME_SAMPLES * 2 + 100);
    expect(socket.sent).to.have.length(2);
    expect(socket.sent[0]).to.deep.equal({
      common: { app_id: 'app' },
      business: { language: 'zh_cn', domain: 'iat', accent: 'mandarin', vad_eos: 5000 },
      data: { status: 0, format: 'audio/L16;rate=16000', encoding: 'raw', audio: socket.sent[0]!.data.audio },
    });
    expect(atob(socket.sent[0]!.data.audio).length).to.equal(2560);
    expect(socket.sent[1]!.data.status).to.equal(1);
    expect(socket.sent[1]).to.not.have.property('business');
  });

  it('shows partial text, release sends the last frame, and the final text is sent 1 s after the final result', async () => {
    const t = setup();
    const socket = await t.start();
    t.speak(FRAME_SAMPLES * 3 + 200);
    socket.reply(result(1, ['一', '共']));
    socket.reply(result(1, ['有']));
    expect(t.texts.at(-1)).to.equal('一共有');
    t.voice.release();
    expect(t.stops(), 'the microphone stops on release').to.equal(1);
    expect(t.last().recording).to.equal(false);
    const lastFrame = socket.sent.at(-1)!;
    expect(lastFrame.data.status).to.equal(2);
    expect(atob(lastFrame.data.audio).length).to.equal(400);
    socket.reply(result(2, ['多少座电站？']));
    expect(t.texts.at(-1)).to.equal('一共有多少座电站？');
    expect(socket.closed).to.equal(true);
    expect(t.last()).to.deep.include({ socket: 'CLOSED', problem: null });
    t.clock.advance(999);
    expect(t.sent).to.deep.equal([]);
    t.clock.advance(1);
    expect(t.sent).to.deep.equal(['一共有多少座电站？']);
  });

  it('frames made before the socket opens wait for it; a release before any frame pads the first', async () => {
    const t = setup();
    t.voice.press();
    t.clock.advance(500);
    const socket = t.sockets[0]!;
    t.voice.release();
    expect(socket.sent).to.have.length(0);
    socket.open();
    expect(socket.sent.map((f) => f.data.status)).to.deep.equal([0, 2]);
    expect(atob(socket.sent[0]!.data.audio).length).to.equal(2560);
    await t.openMic();
    expect(t.stops(), 'the microphone that opened after the release is stopped').to.equal(1);
  });

  it('a provider error stops recording, closes the socket and says so', async () => {
    const t = setup();
    const socket = await t.start();
    t.speak(FRAME_SAMPLES);
    socket.reply({ code: 10165, message: 'invalid handle', sid: 's' });
    expect(socket.closed).to.equal(true);
    expect(t.stops()).to.equal(1);
    expect(t.last()).to.deep.equal({
      socket: 'CLOSED',
      recording: false,
      problem: { kind: 'provider', code: 10165, message: 'invalid handle' },
    });
    t.voice.release();
    t.clock.advance(2000);
    expect(t.sent).to.deep.equal([]);
  });

  it('an unexpected close stops recording and says so; the next hold starts afresh', async () => {
    const t = setup();
    const socket = await t.start();
    socket.dropped();
    expect(t.stops()).to.equal(1);
    expect(t.last()).to.deep.include({ recording: false, problem: { kind: 'closed' } });
    t.voice.press();
    expect(t.last().problem).to.equal(null);
  });

  it('names what is missing: credentials, WebSocket, microphone, permission', async () => {
    const noConfig = setup({ signedUrl: () => null });
    noConfig.voice.press();
    noConfig.clock.advance(500);
    expect(noConfig.last()).to.deep.equal({
      socket: 'UNDEFINED',
      recording: false,
      problem: { kind: 'noConfig' },
    });

    const noSocket = setup({ openSocket: () => null });
    noSocket.voice.press();
    noSocket.clock.advance(500);
    expect(noSocket.last().problem).to.deep.equal({ kind: 'noSocket' });

    for (const [name, kind] of [
      ['NotAllowedError', 'denied'],
      ['NotFoundError', 'noMic'],
    ] as const) {
      const t = setup();
      t.voice.press();
      t.clock.advance(500);
      t.failMic(new DOMException('no', name));
      await Promise.resolve();
      expect(t.last()).to.deep.include({ recording: false, problem: { kind } });
      expect(t.sockets[0]!.closed, 'the socket is closed too').to.equal(true);
    }
  });

  it('silence recognised as nothing sends nothing and says so', async () => {
    const t = setup();
    const socket = await t.start();
    t.voice.release();
    socket.reply(result(2, []));
    t.clock.advance(2000);
    expect(t.sent).to.deep.equal([]);
    expect(t.last().problem).to.deep.equal({ kind: 'nothing' });
  });

  it('dispose stops the microphone, closes the socket and cancels a pending send', async () => {
    const t = setup();
    const socket = await t.start();
    t.voice.dispose();
    expect(socket.closed).to.equal(true);
    expect(t.stops()).to.equal(1);

    const u = setup();
    const s = await u.start();
    u.voice.release();
    s.reply(result(2, ['问']));
    u.voice.dispose();
    u.clock.advance(2000);
    expect(u.sent).to.deep.equal([]);
    expect(u.clock.pending()).to.equal(0);
  });

  it('a microphone that opens after the session ended is stopped at once', async () => {
    const t = setup();
    t.voice.press();
    t.clock.advance(500);
    t.voice.dispose();
    expect(t.sockets[0]!.closed).to.equal(true);
    await t.openMic();
    expect(t.stops()).to.equal(1);
  });
});
