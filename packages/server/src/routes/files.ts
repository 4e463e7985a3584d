import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { nowText } from '../db/repos/util.ts';
import { me } from '../http/auth.ts';
import { ApiError, badRequest, notFound, ok } from '../http/envelope.ts';
import { messagesOf } from '../http/messages.ts';
import type { RouteApp } from '../http/schema.ts';

/** An uploaded image may be at most 2 MiB (an avatar). */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** The image kinds taken, told by their first bytes (never by the name or the declared type alone). */
const KINDS: readonly { type: string; ext: string; matches(bytes: Buffer): boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { type: 'image/jpeg', ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', matches: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    ext: 'webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The kind of an image's bytes; null for anything else (SVG included: it can carry script). */
export function imageKind(bytes: Buffer): { type: string; ext: string } | null {
  const kind = KINDS.find((k) => k.matches(bytes));
  return kind ? { type: kind.type, ext: kind.ext } : null;
}

const TEXTS = {
  noFile: ['请选择要上传的文件', 'choose a file to upload'],
  notImage: [
    '只能上传图片文件（PNG、JPEG、GIF、WebP）',
    'only image files can be uploaded (PNG, JPEG, GIF, WebP)',
  ],
  tooLarge: ['图片不能超过 2 MB', 'the image must be at most 2 MB'],
  notMultipart: [
    '请以 multipart/form-data 上传，文件字段为 file',
    'send multipart/form-data with the file in the field "file"',
  ],
  unknown: ['文件不存在', 'no such file'],
} as const;

/**
 * The object-storage upload of BladeX that the profile's avatar uses (docs/api.md "Files"):
 * `POST /api/blade-resource/oss/endpoint/put-file` (user; multipart, one `file` field, a PNG, JPEG, GIF or
 * WebP image of at most 2 MiB, told by its bytes) answers `{ link, name, originalName }`; the link,
 * `GET /api/blade-resource/oss/file/{key}`, is public (an `<img>` sends no token) and unguessable (128
 * random bits), served with the stored type, `nosniff` and a CSP that runs nothing.
 */
export async function registerFileRoutes(app: RouteApp, ctx: AppContext) {
  const say = messagesOf(TEXTS);

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 4, parts: 5 },
    });

    scope.post('/api/blade-resource/oss/endpoint/put-file', async (request) => {
      const { tenantId, user } = me(request);
      if (!request.isMultipart()) throw badRequest(say(request, 'notMultipart'));
      let bytes: Buffer;
      let originalName: string;
      try {
        const part = await request.file();
        if (part?.fieldname !== 'file') throw badRequest(say(request, 'noFile'));
        bytes = await part.toBuffer();
        originalName = part.filename.slice(0, 200);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiError(413, say(request, 'tooLarge'));
        throw badRequest(say(request, 'notMultipart'));
      }
      const kind = imageKind(bytes);
      if (!kind) throw badRequest(say(request, 'notImage'));
      const key = `${randomBytes(16).toString('hex')}.${kind.ext}`;
      await ctx.repos.files.insert({
        key,
        tenant_id: tenantId,
        user_id: user.id,
        original_name: originalName,
        type: kind.type,
        size: bytes.length,
        bytes,
        create_time: nowText(ctx.now()),
      });
      const link = `/api/blade-resource/oss/file/${key}`;
      return ok({ link, name: key, originalName });
    });
  });

  app.get('/api/blade-resource/oss/file/:key', { config: { auth: 'public' } }, async (request, reply) => {
    const { key } = request.params as { key: string };
    const row = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/.test(key) ? await ctx.repos.files.byKey(key) : undefined;
    if (!row) throw notFound(say(request, 'unknown'));
    return reply
      .header('content-type', row.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(row.bytes);
  });
}
