import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { type BuildManifest, buildManifest } from '../deploy/build.ts';
import { sha384 } from '../deploy/layer.ts';
import { newBundleCode, newBundleDir } from '../deploy/new-entry.ts';
import type { AssetRow } from '../deploy/store.ts';
import { ApiError, ok } from '../http/envelope.ts';
import type { RouteApp } from '../http/schema.ts';
import { contentType } from '../static/paths.ts';
import { type DeployAccess, sayer } from './deploy-access.ts';

/** One uploaded file at most 10 MiB, one upload at most 20 MiB, at most 100 files. */
export const MAX_ASSET_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 100;
/** Multipart framing (boundaries, part headers, the bundle field) allowed beyond the files' bytes. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/** A file name of an upload: a plain name, no folder, no '..', not hidden. */
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/;
/** What a bundle may ship (never HTML or SVG: they would run script on this origin). */
const ASSET_EXTENSIONS = new Set([
  'js',
  'mjs',
  'css',
  'map',
  'json',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'woff',
  'woff2',
  'ttf',
  'otf',
  'wasm',
  'txt',
]);

/**
 * `POST /api/deploy/assets` (docs/api.md section 22): a bundle's files, stored immutably under
 * `/assets/<dir>/<upload id>/<name>`; read as they arrive, refused at the byte that passes a limit.
 */
export async function registerDeployUploads(app: RouteApp, ctx: AppContext, access: DeployAccess) {
  const { deploy } = ctx;
  const { store } = deploy;
  const { authorise, actorOf } = access;
  /**
   * A bundle the build has never seen: a new sub-app (`@ops/app-<code>`) gets the folder the build would
   * give it, unless one of the build's bundles has that folder; any other name is unknown.
   */
  function newBundle(
    bundle: string,
    manifest: BuildManifest,
    refuse: (status: number, zh: string, en: string) => ApiError,
  ) {
    const named = newBundleCode(bundle);
    if ('refusal' in named) {
      const { status, zh, en } = named.refusal;
      throw refuse(status, `未知的包：${zh}`, `unknown bundle: ${en}`);
    }
    const dir = newBundleDir(named.code);
    const owner = manifest.bundles.find((b) => b.dir === dir);
    if (owner)
      throw refuse(
        400,
        `${dir} 属于 ${owner.name}，不能给 ${bundle}`,
        `${dir} belongs to ${owner.name}, not to ${bundle}`,
      );
    return { name: bundle, dir };
  }

  await app.register(async (scope) => {
    await scope.register(multipart, {
      // preservePath: the file name as sent, so '../x.js' or 'a/b.js' is refused rather than cut down.
      preservePath: true,
      limits: {
        fileSize: MAX_ASSET_BYTES,
        files: MAX_UPLOAD_FILES,
        fields: 4,
        fieldSize: 1024,
        parts: MAX_UPLOAD_FILES + 4,
        headerPairs: 20,
      },
    });

    scope.post(
      '/api/deploy/assets',
      {
        config: { auth: 'public' },
        onRequest: async (request) => {
          await authorise(request);
          const say = sayer(request);
          const length = Number(request.headers['content-length'] ?? 'NaN');
          if (length > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD)
            throw new ApiError(413, say('上传内容超过 20 MB', 'the upload is larger than 20 MB'));
        },
      },
      async (request) => {
        const say = sayer(request);
        if (!request.isMultipart())
          throw new ApiError(
            415,
            say(
              '请以 multipart/form-data 上传：字段 bundle 和 files',
              'send multipart/form-data with the fields bundle and files',
            ),
          );
        const refuse = (status: number, zh: string, en: string) => new ApiError(status, say(zh, en));
        let bundle: string | undefined;
        const files: { name: string; bytes: Buffer }[] = [];
        let total = 0;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname !== 'bundle' || typeof part.value !== 'string')
                throw refuse(400, `未知字段：${part.fieldname}`, `unknown field: ${part.fieldname}`);
              bundle = part.value;
              continue;
            }
            if (part.fieldname !== 'files')
              throw refuse(
                400,
                `文件字段应为 files，而不是 ${part.fieldname}`,
                `files go in the field files, not ${part.fieldname}`,
              );
            const name = part.filename;
            if (!FILE_NAME.test(name) || name.includes('..'))
              throw refuse(
                400,
                `文件名不合法：${JSON.stringify(name.slice(0, 100))}（只允许字母、数字和 . _ -，不能含目录或 ..）`,
                `bad file name: ${JSON.stringify(name.slice(0, 100))} (letters, digits, . _ - only; no folder, no ..)`,
              );
            const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
            if (!ASSET_EXTENSIONS.has(ext))
              throw refuse(400, `不能发布这种文件：${name}`, `this kind of file cannot be deployed: ${name}`);
            if (files.some((f) => f.name === name))
              throw refuse(400, `文件名重复：${name}`, `file name sent twice: ${name}`);
            // Read as it arrives: a file over its cap or an upload over the total is refused at that byte,
            // never after reading (or buffering) the rest of the request.
            const bytes = await new Promise<Buffer>((resolve, reject) => {
              const chunks: Buffer[] = [];
              part.file.on('data', (chunk: Buffer) => {
                total += chunk.length;
                if (total > MAX_UPLOAD_BYTES)
                  reject(refuse(413, '上传内容超过 20 MB', 'the upload is larger than 20 MB'));
                else chunks.push(chunk);
              });
              part.file.once('limit', () =>
                reject(refuse(413, `文件 ${name} 超过 10 MB`, `the file ${name} is larger than 10 MB`)),
              );
              part.file.once('end', () => resolve(Buffer.concat(chunks)));
              part.file.once('error', reject);
            });
            files.push({ name, bytes });
          }
        } catch (err) {
          // Refused while the body still streams: the answer goes at once and the rest of the body is
          // read and dropped as it comes (never kept), so the connection stays usable.
          request.raw.unpipe();
          request.raw.resume();
          if (err instanceof ApiError) throw err;
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE')
            throw refuse(413, '单个文件超过 10 MB', 'a file is larger than 10 MB');
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
            throw refuse(
              413,
              `一次最多上传 ${MAX_UPLOAD_FILES} 个文件`,
              `at most ${MAX_UPLOAD_FILES} files per upload`,
            );
          throw refuse(400, '上传内容不完整或格式错误', 'the multipart body is malformed or cut off');
        }
        if (!bundle)
          throw refuse(400, '缺少字段 bundle（包名）', 'the field bundle (a bundle name) is missing');
        if (files.length === 0)
          throw refuse(400, '请至少上传一个文件（字段 files）', 'send at least one file (field files)');
        const manifest = buildManifest(deploy.options.distDir);
        if (!manifest)
          throw refuse(
            503,
            '构建清单 dist/bundles.json 缺失，请先构建',
            'build manifest missing (dist/bundles.json): build first',
          );
        const record = manifest.bundles.find((b) => b.name === bundle) ?? newBundle(bundle, manifest, refuse);

        const sorted = [...files].sort((a, b) => (a.name < b.name ? -1 : 1));
        const hash = createHash('sha256');
        for (const f of sorted) hash.update(`${f.name}\0${f.bytes.length}\0`).update(f.bytes);
        const uploadId = hash.digest('hex').slice(0, 12);
        const at = ctx.now();
        const rows: AssetRow[] = sorted.map((f) => ({
          path: `/assets/${record.dir}/${uploadId}/${f.name}`,
          bundle: record.name,
          upload_id: uploadId,
          name: f.name,
          type: contentType(f.name),
          size: f.bytes.length,
          integrity: sha384(f.bytes),
          bytes: f.bytes,
          actor: actorOf(request),
          created_at: at,
        }));
        const stored = await store.storeAssets(rows);
        if ('conflict' in stored)
          throw refuse(
            409,
            `${stored.conflict} 已存在且内容不同，不会覆盖`,
            `${stored.conflict} exists with other bytes and is never overwritten`,
          );
        return ok({
          bundle: record.name,
          uploadId,
          files: rows.map((r) => ({ name: r.name, url: r.path, integrity: r.integrity, size: r.size })),
        });
      },
    );
  });
}
