import { FRAME_SAMPLES, PcmFramer, pcmBase64 } from './pcm';

/** Spec §9: holding the button this long starts recording; the text is sent this long after the final result. */
export const LONG_PRESS_MS = 500;
export const SEND_DELAY_MS = 1000;
/** Spec §7, §9: the end silence after which the provider ends the utterance. */
export const VAD_EOS_MS = 5000;

/** The provider socket's state (spec §4 voice states). */
export type SocketState = 'UNDEFINED' | 'CONNECTING' | 'OPEN' | 'CLOSING' | 'CLOSED';

/** Why voice input stopped or could not start; the view words each (texts.ts `voice*`). */
export type VoiceProblem =
  | { kind: 'noConfig' | 'noSocket' | 'noMic' | 'denied' | 'closed' | 'nothing' }
  | { kind: 'micFailed'; message: string }
  | { kind: 'provider'; code: number; message: string };

export interface VoiceSnapshot {
  socket: SocketState;
  /** The microphone is being recorded (the button shows pressed). */
  recording: boolean;
  problem: VoiceProblem | null;
}

/** The provider's socket as far as voice input needs it (a browser WebSocket fits). */
export interface SpeechSocket {
  readonly readyState: number;
  send(text: string): void;
  close(): void;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
}

export interface Recording {
  /** The context's rate (16000 where the browser allows it). */
  sampleRate: number;
  /** Stops the microphone's track and the audio graph. */
  stop(): void;
}

export interface VoiceDeps {
  clock: { setTimeout(run: () => void, ms: number): unknown; clearTimeout(id: unknown): void };
  /** Null when there are no usable credentials: `noConfig`. */
  signedUrl(): string | null;
  /** Null without WebSocket support: `noSocket`. */
  openSocket(url: string): SpeechSocket | null;
  /** Opens the microphone; chunks of float samples go to `onAudio`. Rejects like getUserMedia. */
  record(onAudio: (chunk: Float32Array) => void): Promise<Recording>;
  language: 'zh_cn' | 'en_us';
  appId: string;
  onText(text: string): void;
  onSend(text: string): void;
  onChange(snapshot: VoiceSnapshot): void;
}

/** Words of a provider reply (`data.result.ws[].cw[0].w`), joined. */
function wordsOf(reply: { data?: { result?: { ws?: { cw?: { w?: unknown }[] }[] } } }): string {
  const ws = reply.data?.result?.ws;
  if (!Array.isArray(ws)) return '';
  return ws.map((w) => (Array.isArray(w?.cw) && typeof w.cw[0]?.w === 'string' ? w.cw[0].w : '')).join('');
}

function problemOfMicError(error: unknown): VoiceProblem {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return { kind: 'denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { kind: 'noMic' };
  return { kind: 'micFailed', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Hold-to-speak (spec §4): `press` starts a 500 ms hold, after which the microphone records and its audio
 * goes to the provider in 1280-sample frames; `release` before that is a tap and does nothing, after it
 * sends the last frame; the provider's final result is sent as a question 1 s later. A provider error,
 * an unexpected close or a microphone failure stops everything and says why. `dispose` stops everything
 * for good (unmount, dialog closed).
 */
export function voiceController(deps: VoiceDeps) {
  type Phase = 'idle' | 'holding' | 'recording' | 'ending' | 'sending';
  let phase: Phase = 'idle';
  let disposed = false;
  let timer: unknown = null;
  let socket: SpeechSocket | null = null;
  let socketState: SocketState = 'UNDEFINED';
  let recording: Recording | null = null;
  let framer: PcmFramer | null = null;
  /** Frames made before the socket opened. */
  let queued: { status: 1 | 2; audio: Int16Array }[] = [];
  let firstSent = false;
  let text = '';
  let problem: VoiceProblem | null = null;
  /** Bumped by every stop: a microphone that opens after its session ended is closed at once. */
  let session = 0;

  const changed = () => {
    if (!disposed) deps.onChange({ socket: socketState, recording: phase === 'recording', problem });
  };
  const clearTimer = () => {
    if (timer !== null) deps.clock.clearTimeout(timer);
    timer = null;
  };

  /** Everything of the session closed; `next` says why (null: a clean end). */
  function teardown(next: VoiceProblem | null) {
    session++;
    clearTimer();
    recording?.stop();
    recording = null;
    framer = null;
    queued = [];
    const open = socket;
    socket = null;
    if (open) {
      open.onopen = open.onmessage = open.onclose = open.onerror = null;
      if (open.readyState === 0 || open.readyState === 1) open.close();
      socketState = 'CLOSED';
    }
    phase = 'idle';
    if (next) problem = next;
    changed();
  }

  function sendFrame(status: 0 | 1 | 2, audio: Int16Array) {
    if (!socket) return;
    const data = { status, format: 'audio/L16;rate=16000', encoding: 'raw', audio: pcmBase64(audio) };
    if (status !== 0) return socket.send(JSON.stringify({ data }));
    const business =
      deps.language === 'zh_cn'
        ? { language: 'zh_cn', domain: 'iat', accent: 'mandarin', vad_eos: VAD_EOS_MS }
        : { language: 'en_us', domain: 'iat', vad_eos: VAD_EOS_MS };
    socket.send(JSON.stringify({ common: { app_id: deps.appId }, business, data }));
  }

  /** A frame to the provider: the first is status 0 (with the session's parameters), the last status 2. */
  function deliver(status: 1 | 2, audio: Int16Array) {
    if (socketState !== 'OPEN') {
      queued.push({ status, audio });
      return;
    }
    if (!firstSent) {
      // The first frame carries a full frame of audio; a session released before one was heard pads it.
      const full = audio.length === FRAME_SAMPLES ? audio : new Int16Array(FRAME_SAMPLES);
      if (full !== audio) full.set(audio.subarray(0, FRAME_SAMPLES));
      sendFrame(0, full);
      firstSent = true;
      if (status === 2) sendFrame(2, new Int16Array(0));
      return;
    }
    sendFrame(status, audio);
  }

  function onReply(raw: unknown) {
    let reply: { code?: unknown; message?: unknown; data?: { status?: unknown } };
    try {
      reply = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (reply.code !== 0) {
      const message = typeof reply.message === 'string' ? reply.message : '';
      teardown({ kind: 'provider', code: Number(reply.code), message });
      return;
    }
    text += wordsOf(reply as Parameters<typeof wordsOf>[0]);
    deps.onText(text);
    if (reply.data?.status !== 2) return;
    // The final result (after our last frame, or the provider's end silence): send it 1 s later.
    const heard = text.trim();
    teardown(heard ? null : { kind: 'nothing' });
    if (!heard) return;
    phase = 'sending';
    timer = deps.clock.setTimeout(() => {
      timer = null;
      phase = 'idle';
      deps.onSend(heard);
    }, SEND_DELAY_MS);
  }

  function begin() {
    timer = null;
    const url = deps.signedUrl();
    if (!url) return teardown({ kind: 'noConfig' });
    const opened = deps.openSocket(url);
    if (!opened) return teardown({ kind: 'noSocket' });
    socket = opened;
    socketState = 'CONNECTING';
    phase = 'recording';
    text = '';
    firstSent = false;
    deps.onText('');
    opened.onopen = () => {
      socketState = 'OPEN';
      const waiting = queued;
      queued = [];
      for (const frame of waiting) deliver(frame.status, frame.audio);
      changed();
    };
    opened.onmessage = (event) => onReply(event.data);
    opened.onerror = () => undefined;
    opened.onclose = () => teardown({ kind: 'closed' });
    changed();
    const mine = ++session;
    deps
      .record((chunk) => {
        if (session !== mine || !framer) return;
        for (const frame of framer.push(chunk)) deliver(1, frame);
      })
      .then(
        (started) => {
          if (session !== mine) return started.stop();
          recording = started;
          framer = new PcmFramer(started.sampleRate);
        },
        (error: unknown) => {
          if (session === mine) teardown(problemOfMicError(error));
        },
      );
  }

  /** The last frame (the samples short of a frame) and the recorder stopped; the socket waits for the result. */
  function finish() {
    // A microphone still opening (a permission prompt) is stopped as soon as it opens.
    session++;
    const rest = framer?.rest() ?? new Int16Array(0);
    recording?.stop();
    recording = null;
    framer = null;
    deliver(2, rest);
    changed();
  }

  return {
    press() {
      if (disposed || phase !== 'idle') return;
      problem = null;
      phase = 'holding';
      timer = deps.clock.setTimeout(begin, LONG_PRESS_MS);
      changed();
    },
    release() {
      if (phase === 'holding') {
        // A tap: nothing happens.
        clearTimer();
        phase = 'idle';
        changed();
      } else if (phase === 'recording') {
        phase = 'ending';
        finish();
      }
    },
    dispose() {
      teardown(null);
      disposed = true;
    },
  };
}
