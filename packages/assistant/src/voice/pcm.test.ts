import { expect } from '@esm-bundle/chai';
import { FRAME_SAMPLES, PcmFramer, pcmBase64 } from './pcm';

const constant = (value: number, length: number) => new Float32Array(length).fill(value);

describe('PCM framing', () => {
  it('makes 16-bit frames of exactly 1280 samples at 16 kHz, keeping the rest for the last frame', () => {
    const framer = new PcmFramer(16000);
    expect(framer.push(constant(0.5, 1000))).to.have.length(0);
    const frames = framer.push(constant(0.5, 2000));
    expect(frames.map((f) => f.length)).to.deep.equal([FRAME_SAMPLES, FRAME_SAMPLES]);
    expect(frames[0]![0]).to.equal(Math.round(0.5 * 0x7fff));
    expect(framer.rest().length).to.equal(3000 - 2 * FRAME_SAMPLES);
    expect(framer.rest().length).to.equal(0);
  });

  it('clips and scales floats to the 16-bit range', () => {
    const framer = new PcmFramer(16000);
    const chunk = new Float32Array(FRAME_SAMPLES);
    chunk.set([-2, -1, 1, 2, 0]);
    const [frame] = framer.push(chunk);
    expect(Array.from(frame!.subarray(0, 5))).to.deep.equal([-32768, -32768, 32767, 32767, 0]);
  });

  it('resamples 48 kHz to 16 kHz: a third of the samples, across chunk boundaries', () => {
    const framer = new PcmFramer(48000);
    let out = 0;
    // 48000 samples in odd-sized chunks: one second in, one second (16000 samples) out.
    for (let sent = 0; sent < 48000; sent += 1001)
      out += framer.push(constant(0.25, Math.min(1001, 48000 - sent))).length * FRAME_SAMPLES;
    out += framer.rest().length;
    expect(out).to.equal(16000);
  });

  it('interpolates between input samples when the rate is not a multiple', () => {
    const framer = new PcmFramer(44100);
    const ramp = Float32Array.from({ length: 44100 }, (_, i) => i / 44100);
    const frames = framer.push(ramp);
    const all = [...frames.flatMap((f) => Array.from(f)), ...Array.from(framer.rest())];
    expect(Math.abs(all.length - 16000)).to.be.at.most(1);
    // A ramp stays a ramp: each output sample is the input at t = n / 16000 s.
    const at = (n: number) => Math.round(((n * 44100) / 16000 / 44100) * 0x7fff);
    expect(Math.abs(all[8000]! - at(8000))).to.be.at.most(1);
  });

  it('encodes samples as little-endian bytes in base64', () => {
    expect(pcmBase64(Int16Array.from([1, -2, 0x1234]))).to.equal(
      btoa(String.fromCharCode(1, 0, 0xfe, 0xff, 0x34, 0x12)),
    );
    expect(atob(pcmBase64(new Int16Array(FRAME_SAMPLES))).length).to.equal(2560);
  });
});
