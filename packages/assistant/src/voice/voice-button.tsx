import { type Translate, useTexts } from '@ops/ui';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { NS } from '../texts';
import { type SpeechSocket, type VoiceProblem, type VoiceSnapshot, voiceController } from './controller';
import { recordMicrophone } from './recorder';
import { type SpeechCredentials, signSpeechUrl, speechConfigured } from './sign';

export interface VoiceButtonProps {
  /** The site config's speech provider credentials. */
  speech: SpeechCredentials | undefined;
  /** The recognised text so far, for the question box. */
  onText: (text: string) => void;
  /** The final text, 1 s after the provider's final result. */
  onSend: (text: string) => void;
}

const HOLD_KEYS = new Set([' ', 'Enter']);

/**
 * The hold-to-speak button (spec §2, §4): pointer or Space/Enter held 500 ms records; releasing sends
 * the last frame and the recognised text follows 1 s after the final result. Everything stops when it
 * unmounts (the dialog closed, the persona switched).
 */
export function VoiceButton({ speech, onText, onSend }: VoiceButtonProps) {
  const { t, lang } = useTexts(NS);
  const [state, setState] = useState<VoiceSnapshot>({ socket: 'UNDEFINED', recording: false, problem: null });
  const latest = useRef({ speech, onText, onSend, lang });
  latest.current = { speech, onText, onSend, lang };
  const controller = useRef<ReturnType<typeof voiceController> | null>(null);

  useEffect(() => {
    const voice = voiceController({
      clock: {
        setTimeout: (run, ms) => window.setTimeout(run, ms),
        clearTimeout: (id) => window.clearTimeout(id as number),
      },
      signedUrl: () => {
        const creds = latest.current.speech;
        return creds && speechConfigured(creds, location.href)
          ? signSpeechUrl(creds, location.href, new Date())
          : null;
      },
      openSocket: (url) =>
        typeof WebSocket === 'function' ? (new WebSocket(url) as unknown as SpeechSocket) : null,
      record: recordMicrophone,
      get language() {
        return latest.current.lang === 'en' ? 'en_us' : 'zh_cn';
      },
      get appId() {
        return latest.current.speech?.appId ?? '';
      },
      onText: (text) => latest.current.onText(text),
      onSend: (text) => latest.current.onSend(text),
      onChange: setState,
    });
    controller.current = voice;
    return () => {
      controller.current = null;
      voice.dispose();
    };
  }, []);

  const press = () => controller.current?.press();
  const release = () => controller.current?.release();
  const onKeyDown = (e: KeyboardEvent) => {
    if (!HOLD_KEYS.has(e.key)) return;
    e.preventDefault();
    if (!e.repeat) press();
  };
  const onKeyUp = (e: KeyboardEvent) => {
    if (!HOLD_KEYS.has(e.key)) return;
    e.preventDefault();
    release();
  };

  return (
    <span className="ops-assistant__voice">
      {(state.recording || state.problem) && (
        <span className="ops-assistant__voice-note" role={state.problem ? 'alert' : 'status'}>
          {state.problem ? problemText(t, state.problem) : t('voiceListening')}
        </span>
      )}
      <button
        type="button"
        className="ops-assistant__voice-button"
        aria-label={t('voice')}
        aria-pressed={state.recording}
        data-socket={state.socket}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          e.currentTarget.setPointerCapture?.(e.pointerId);
          press();
        }}
        onPointerUp={release}
        onPointerCancel={release}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={release}
        onContextMenu={(e) => e.preventDefault()}
      >
        <MicIcon />
      </button>
    </span>
  );
}

const PROBLEM_KEYS = {
  noConfig: 'voiceNoConfig',
  noSocket: 'voiceNoSocket',
  noMic: 'voiceNoMic',
  denied: 'voiceDenied',
  closed: 'voiceClosed',
  nothing: 'voiceNothing',
} as const;

function problemText(t: Translate, problem: VoiceProblem): string {
  if (problem.kind === 'provider')
    return t('voiceProviderError', { code: problem.code, message: problem.message });
  if (problem.kind === 'micFailed') return t('voiceMicFailed', { message: problem.message });
  return t(PROBLEM_KEYS[problem.kind]);
}

function MicIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2z"
      />
    </svg>
  );
}
