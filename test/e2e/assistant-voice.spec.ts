import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, WebSocket } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.mjs';
import { expect, test } from './fixtures';
import { ACCOUNTS, pauseClock, signIn } from './support';

// Voice input (spec §4, §7, §8, §9) through Chromium's fake microphone, which plays a WAV written here:
// a 440 Hz tone at 16 kHz, mono, 16-bit, looped by Chromium. The reference server's speech provider
// emulator (docs/api.md "Speech provider") hears loud audio as its demo question; the served site config
// points the page at it with the install's credentials.

/** A RIFF/WAVE file of `seconds` of a sine tone, 16 kHz mono 16-bit little-endian. */
function toneWav(seconds: number, amplitude = 0.3): Buffer {
  const rate = 16000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  return wav;
}

// One fixed temp file, rewritten with the same bytes by each process that loads this spec (the runner and
// its worker), so runs leave nothing behind.
const wavFile = join(tmpdir(), 'ops-e2e-voice-tone-16k.wav');
writeFileSync(wavFile, toneWav(3));

// This file's own browser: the fake microphone plays the tone, and the permission prompt is granted.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavFile}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const SPEECH = '/api/speech-emulator/v2/iat';
const QUESTION = '一共有多少座电站？';

async function openAssistant(page: Page) {
  await signIn(page, ACCOUNTS.admin);
  await page.getByRole('button', { name: 'AI 助手' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI 助手' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The page's sockets to the speech provider. */
function speechSockets(page: Page) {
  const sockets: WebSocket[] = [];
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).pathname === SPEECH) sockets.push(ws);
  });
  return sockets;
}

test('hold to speak: the emulator’s text shows while speaking, release sends it and it is answered', async ({
  page,
}) => {
  const sockets = speechSockets(page);
  const dialog = await openAssistant(page);
  const mic = dialog.getByRole('button', { name: '按住说话' });
  const box = dialog.getByRole('textbox', { name: '输入问题' });
  await expect(mic).toHaveAttribute('aria-pressed', 'false');

  await mic.hover();
  await page.mouse.down();
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.getByRole('status')).toHaveText('正在聆听，松开结束');
  // Partial results first (the emulator reveals a character every 240 ms of tone), then the whole question.
  await expect(box).toHaveValue(/^一共/);
  await expect(box).toHaveValue(QUESTION, { timeout: 10_000 });
  await page.mouse.up();
  await expect(mic).toHaveAttribute('aria-pressed', 'false');

  // 1 s after the final result the question is sent: it shows as the user's message and is answered.
  await expect(dialog.getByText(QUESTION, { exact: true })).toBeVisible();
  await expect(dialog.getByText(/共有 \d+ 座电站/)).toBeVisible({ timeout: 15_000 });
  expect(sockets).toHaveLength(1);
  await expect.poll(() => sockets[0]!.isClosed()).toBe(true);
});

test('a provider error stops recording, closes the socket and says so', async ({ page }) => {
  // Playwright stands in for the provider: the first frame is answered with an error, then it closes.
  let frames = 0;
  await page.routeWebSocket(`**${SPEECH}**`, (ws) => {
    ws.onMessage(() => {
      frames++;
      if (frames > 1) return;
      ws.send(JSON.stringify({ code: 10165, message: 'invalid handle', sid: 'iat-test' }));
      ws.close();
    });
  });
  const dialog = await openAssistant(page);
  const mic = dialog.getByRole('button', { name: '按住说话' });
  await mic.hover();
  await page.mouse.down();
  await expect(dialog.getByRole('alert')).toHaveText('语音识别出错（10165）：invalid handle');
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await page.mouse.up();
  await expect(dialog.getByRole('textbox', { name: '输入问题' })).toHaveValue('');
  await expect(dialog.getByText('一共有多少座电站？')).toHaveCount(0);
  // The button stays usable: the next hold starts afresh (and meets the same stand-in).
  await page.mouse.down();
  await expect.poll(() => frames).toBeGreaterThan(1);
  await page.mouse.up();
});

test('a short tap does nothing; a held Space records and closing the dialog stops it', async ({ page }) => {
  const sockets = speechSockets(page);
  await page.clock.install();
  const dialog = await openAssistant(page);
  const mic = dialog.getByRole('button', { name: '按住说话' });
  await pauseClock(page);

  await mic.click();
  await page.clock.runFor(2000);
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await mic.focus();
  await page.keyboard.press('Space');
  await page.clock.runFor(2000);
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  expect(sockets, 'a tap opens no socket').toHaveLength(0);
  await expect(dialog.getByRole('status')).toHaveCount(0);

  await page.keyboard.down('Space');
  await page.clock.runFor(499);
  await expect(mic).toHaveAttribute('aria-pressed', 'false');
  await page.clock.runFor(1);
  await expect(mic).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => sockets.length).toBe(1);
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => sockets[0]!.isClosed()).toBe(true);
  await page.keyboard.up('Space');
});
