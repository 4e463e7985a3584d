import type { Recording } from './controller';
import { SPEECH_RATE } from './pcm';

/** Samples per processing callback: 4096 at 16 kHz is 256 ms, about three frames. */
const CHUNK = 4096;

/**
 * The microphone through the Web Audio graph. A ScriptProcessor rather than an AudioWorklet: a worklet
 * module is a script load, which the page's policy (`script-src` nonce + 'strict-dynamic') refuses.
 * The context asks for 16 kHz, which spares resampling where the browser can; the framer resamples
 * otherwise.
 */
export async function recordMicrophone(onAudio: (chunk: Float32Array) => void): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia)
    throw Object.assign(new Error('no mediaDevices'), { name: 'NotFoundError' });
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
  });
  let context: AudioContext;
  try {
    context = new AudioContext({ sampleRate: SPEECH_RATE });
  } catch {
    context = new AudioContext();
  }
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(CHUNK, 1, 1);
  processor.onaudioprocess = (event) => onAudio(event.inputBuffer.getChannelData(0).slice());
  source.connect(processor);
  // A processor runs only while connected to the output; it writes nothing, so nothing is heard.
  processor.connect(context.destination);
  await context.resume();
  return {
    sampleRate: context.sampleRate,
    stop() {
      processor.onaudioprocess = null;
      source.disconnect();
      processor.disconnect();
      for (const track of stream.getTracks()) track.stop();
      void context.close();
    },
  };
}
