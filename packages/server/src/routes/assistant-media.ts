import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { DEMO_VIDEO, VIDEO_BASE } from '../db/seed-assistant.ts';
import {
  KNOWLEDGE,
  KNOWLEDGE_BASE,
  PICTURE_BASES,
  PICTURES,
  type PictureSeed,
} from '../db/seed-assistant-docs.ts';
import { notFound } from '../http/envelope.ts';
import { say } from '../http/messages.ts';
import type { RouteApp } from '../http/schema.ts';

/** A valid PDF of pages of ASCII lines in Helvetica, assembled object by object (no PDF library needed). */
export function pdfOf(title: string, pages: readonly (readonly string[])[]): Buffer {
  const pdfText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  for (const [index, lines] of pages.entries()) {
    const body = [
      'BT /F1 14 Tf 16 TL 56 780 Td',
      ...lines.map((line) => `(${pdfText(line)}) '`),
      `0 -40 Td (${pdfText(`${title} - page ${index + 1} / ${pages.length}`)}) '`,
      'ET',
    ].join('\n');
    const id = pageIds[index]!;
    objects[id] =
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
      `/Resources << /Font << /F1 3 0 R >> >> /Contents ${id + 1} 0 R >>`;
    objects[id + 1] = `<< /Length ${Buffer.byteLength(body)} >>\nstream\n${body}\nendstream`;
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out);
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const xml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A picture of a knowledge answer: a titled bar chart (colours written as rgb(), data only). */
export function pictureSvg(picture: Pick<PictureSeed, 'title' | 'bars'>): string {
  const bars = picture.bars
    .map((h, i) => {
      const height = Math.round(h * 150);
      return `<rect x="${40 + i * 55}" y="${200 - height}" width="40" height="${height}" fill="rgb(64,158,255)"/>`;
    })
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="240" viewBox="0 0 400 240">' +
    '<rect width="400" height="240" fill="rgb(250,250,250)"/>' +
    `<text x="20" y="28" font-family="sans-serif" font-size="16" fill="rgb(48,49,51)">${xml(picture.title)}</text>` +
    `<line x1="30" y1="200" x2="380" y2="200" stroke="rgb(144,147,153)"/>${bars}</svg>`
  );
}

const VIDEO_FILE = fileURLToPath(new URL(`../../media/${DEMO_VIDEO}`, import.meta.url));
const FILE_NAME = Type.Object({ name: Type.String({ pattern: '^[a-z0-9-]{1,40}\\.[a-z0-9]{2,4}$' }) });

/** Headers of every demo media file: typed, not sniffed, never scripted, cacheable. */
function media(reply: FastifyReply, type: string) {
  return reply
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .header('cache-control', 'public, max-age=3600');
}

/**
 * The assistant's demo media (issue 26), served without a token: `<video>`, `<img>` and pdf.js load them by
 * URL and cannot send the bearer header, and they hold nothing sensitive (demo text, drawn charts, a
 * recorded animation). Knowledge PDFs, the pictures under the three picture-source bases, the camera video
 * (with byte ranges, as a player seeks) and its posters.
 */
export function registerAssistantMediaRoutes(app: RouteApp, _ctx: AppContext) {
  const pdfs = new Map(KNOWLEDGE.map((doc) => [doc.file, pdfOf(doc.englishName, doc.pages)]));
  const pictures = new Map(PICTURES.map((p) => [p.file, pictureSvg(p)]));
  const posters = new Map(
    [1, 2].map((n) => [
      `poster-${n}.svg`,
      pictureSvg({ title: `CAM-0${n}`, bars: [0.2, 0.5, 0.8, 0.5, 0.2] }),
    ]),
  );
  let video: Buffer | null = null;
  const gone = (request: Parameters<typeof say>[0]) => notFound(say(request, '文件不存在', 'no such file'));
  const options = { config: { auth: 'public' as const }, schema: { params: FILE_NAME } };

  app.get(`${KNOWLEDGE_BASE}:name`, options, async (request, reply) => {
    const pdf = pdfs.get(request.params.name);
    if (!pdf) throw gone(request);
    return media(reply, 'application/pdf').send(pdf);
  });
  for (const base of PICTURE_BASES)
    app.get(`${base}:name`, options, async (request, reply) => {
      const svg = pictures.get(request.params.name);
      if (!svg) throw gone(request);
      return media(reply, 'image/svg+xml').send(svg);
    });
  app.get(`${VIDEO_BASE}:name`, options, async (request, reply) => {
    const { name } = request.params;
    const poster = posters.get(name);
    if (poster) return media(reply, 'image/svg+xml').send(poster);
    if (name !== DEMO_VIDEO) throw gone(request);
    video ??= readFileSync(VIDEO_FILE);
    media(reply, 'video/webm').header('accept-ranges', 'bytes');
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range || (range[1] === '' && range[2] === '')) return reply.send(video);
    const size = video.length;
    const start = range[1] === '' ? Math.max(size - Number(range[2]), 0) : Number(range[1]);
    const end = range[1] !== '' && range[2] !== '' ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end)
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .send(video.subarray(start, end + 1));
  });
}
