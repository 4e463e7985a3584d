// Records the assistant's demo camera video (packages/server/media/demo-video.webm, served by the reference
// server for open_video): there is no ffmpeg here, so Chromium draws a 2 s canvas animation and its
// MediaRecorder encodes it as WebM (VP8). Run once and commit the file: `node scripts/demo-video.mjs`.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/support/chromium.mjs';

const target = resolve('packages/server/media/demo-video.webm');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.setContent('<canvas width="320" height="180"></canvas>');
  const base64 = await page.evaluate(async () => {
    const canvas = document.querySelector('canvas');
    const g = canvas.getContext('2d');
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, {
      mimeType: 'video/webm;codecs=vp8',
      videoBitsPerSecond: 150_000,
    });
    const parts = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    const stopped = new Promise((done) => {
      recorder.onstop = done;
    });
    const started = performance.now();
    // A turbine hall seen by a camera: a spinning runner and a clock line, enough to see that it plays.
    const draw = () => {
      const t = (performance.now() - started) / 1000;
      g.fillStyle = 'rgb(20, 32, 48)';
      g.fillRect(0, 0, 320, 180);
      g.strokeStyle = 'rgb(90, 200, 250)';
      g.lineWidth = 6;
      for (let i = 0; i < 6; i++) {
        const a = t * 3 + (i * Math.PI) / 3;
        g.beginPath();
        g.moveTo(160, 90);
        g.lineTo(160 + Math.cos(a) * 60, 90 + Math.sin(a) * 60);
        g.stroke();
      }
      g.fillStyle = 'rgb(240, 240, 240)';
      g.font = '16px sans-serif';
      g.fillText(`CAM-01  ${t.toFixed(1)} s`, 10, 24);
      if (t < 2.2) requestAnimationFrame(draw);
      else recorder.stop();
    };
    recorder.start(500);
    draw();
    await stopped;
    const bytes = new Uint8Array(await new Blob(parts, { type: 'video/webm' }).arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > 100 * 1024) throw new Error(`demo video too large: ${bytes.length} bytes`);
  writeFileSync(target, bytes);
  console.log(`demo video: ${target} (${bytes.length} bytes)`);
} finally {
  await browser.close();
}
