/** The provider's audio (spec §7, §9): 16 kHz mono, 16-bit little-endian, frames of 1280 samples (80 ms). */
export const SPEECH_RATE = 16000;
export const FRAME_SAMPLES = 1280;

/** A float sample (-1..1) as a 16-bit one, clipped. */
const toInt16 = (s: number) => {
  const c = Math.max(-1, Math.min(1, s));
  return c < 0 ? Math.round(c * 0x8000) : Math.round(c * 0x7fff);
};

/**
 * Turns the recorder's float chunks at the audio context's rate into 16 kHz 16-bit frames of 1280 samples.
 * A context that could not run at 16 kHz (Firefox with some devices, Safari) is resampled here by linear
 * interpolation; the position between input samples carries over from one chunk to the next.
 */
export class PcmFramer {
  private readonly pending: number[] = [];
  /** Position of the next output sample, in input samples from the start of the current chunk. */
  private position = 0;
  /** The last input sample of the previous chunk (interpolation across the boundary). */
  private previous = 0;

  constructor(private readonly inputRate: number) {
    if (!(inputRate > 0)) throw new RangeError(`bad sample rate ${inputRate}`);
  }

  /** Adds a chunk and answers the whole frames it completes. */
  push(chunk: Float32Array): Int16Array[] {
    if (this.inputRate === SPEECH_RATE) {
      for (const s of chunk) this.pending.push(toInt16(s));
    } else {
      const step = this.inputRate / SPEECH_RATE;
      let pos = this.position;
      // Position -1 is the previous chunk's last sample.
      while (pos <= chunk.length - 1) {
        const i = Math.floor(pos);
        const frac = pos - i;
        const a = i < 0 ? this.previous : chunk[i]!;
        const b = chunk[i + 1] ?? a;
        this.pending.push(toInt16(a + (b - a) * frac));
        pos += step;
      }
      this.position = pos - chunk.length;
      if (chunk.length > 0) this.previous = chunk[chunk.length - 1]!;
    }
    const frames: Int16Array[] = [];
    while (this.pending.length >= FRAME_SAMPLES)
      frames.push(Int16Array.from(this.pending.splice(0, FRAME_SAMPLES)));
    return frames;
  }

  /** The samples short of a frame, for the last frame (possibly empty). */
  rest(): Int16Array {
    return Int16Array.from(this.pending.splice(0));
  }
}

/** Base64 of samples as 16-bit little-endian bytes, whatever the machine's byte order. */
export function pcmBase64(samples: Int16Array): string {
  const view = new DataView(new ArrayBuffer(samples.length * 2));
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  const bytes = new Uint8Array(view.buffer);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
