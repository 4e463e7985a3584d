import { createHash, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { buildManifest, buildMap, deployOrigins } from '../deploy/build.ts';
import { checkUrl, UrlRefused } from '../deploy/check-url.ts';
import {
  BASE,
  diffLayers,
  type Layer,
  SCOPE_PATTERN,
  sha384,
  withEntry,
  withoutEntry,
} from '../deploy/layer.ts';
import { type AssetRow, type Change, StaleVersionError } from '../deploy/store.ts';
import { bearerToken } from '../http/auth.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { say } from '../http/messages.ts';
import { body, query, type RouteApp } from '../http/schema.ts';
import { contentType } from '../static/paths.ts';

/** One uploaded file at most 10 MiB, one upload at most 20 MiB, at most 100 files. */
export const MAX_ASSET_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_FILES = 100;
/** Multipart framing (boundaries, part headers, the bundle field) allowed beyond the files' bytes. */
const MULTIPART_OVERHEAD = 1024 * 1024;
/** An allowlisted URL's answer is read up to this size. */
export const MAX_FETCH_BYTES = 10 * 1024 * 1024;

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

type Say = (zh: string, en: string) => string;
const sayer =
  (request: FastifyRequest): Say =>
  (zh, en) =>
    say(request, zh, en);

const REASON = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^<>`]*\\S[^<>`]*$' });
const VERSION = Type.String({ pattern: '^[0-9a-f]{16}$' });
const SCOPE = Type.String({ pattern: SCOPE_PATTERN });
const ENTRY_PARAMS = Type.Object({
  scope: SCOPE,
  specifier: Type.String({ pattern: '^[A-Za-z0-9@._/-]{1,200}$' }),
});
const PIN_BODY = body(
  {
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    integrity: Type.String({ pattern: '^sha384-[A-Za-z0-9+/]{64}$' }),
    reason: REASON,
  },
  ['url', 'reason'],
);
const UNPIN_BODY = body({ reason: REASON }, ['reason']);
const ROLLBACK_BODY = body({ version: VERSION, reason: REASON }, ['version', 'reason']);

const actors = new WeakMap<FastifyRequest, string>();

function sameKey(given: string, key: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b);
}

/**
 * The deploy API (docs/api.md section 22): uploads of bundle files, each scope's import-map layer, its
 * history and rollback. Callers: a platform administrator's token, or the deploy key (DEPLOY_KEY) as
 * `Authorization: Bearer <key>`.
 */
export async function registerDeployRoutes(app: RouteApp, ctx: AppContext) {
  const { deploy } = ctx;
  const { store } = deploy;

  /** Who calls: 401 without credentials or with a dead token, 403 for anyone else or a wrong key. */
  async function authorise(request: FastifyRequest) {
    const say = sayer(request);
    if (bearerToken(request)) {
      const auth = request.auth;
      if (!auth)
        throw new ApiError(
          401,
          say('令牌无效或已过期，请重新登录', 'token invalid or expired, please sign in again'),
          { code: 600 },
        );
      if (!auth.user || !auth.isPlatformAdmin)
        throw new ApiError(
          403,
          say('只有平台管理员可以发布和回滚版本', 'only platform administrators deploy and roll back'),
        );
      actors.set(request, `${auth.user.tenant_id}/${auth.user.account}`);
      return;
    }
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^bearer\s+(\S+)$/i.exec(header.trim()) : null;
    if (!match)
      throw new ApiError(
        401,
        say('请提供部署密钥或管理员令牌', 'send the deploy key or an administrator token'),
      );
    const key = deploy.options.deployKey;
    if (!key)
      throw new ApiError(403, say('本服务器未启用部署密钥', 'deploy keys are not enabled on this server'));
    if (!sameKey(match[1]!, key)) throw new ApiError(403, say('部署密钥错误', 'wrong deploy key'));
    actors.set(request, 'deploy-key');
  }
  const actorOf = (request: FastifyRequest) => actors.get(request) ?? 'unknown';

  function requireScope(request: FastifyRequest, scope: string) {
    if (!store.scopeExists(scope)) {
      const say = sayer(request);
      throw new ApiError(404, say(`范围不存在：${scope}`, `unknown scope: ${scope}`));
    }
  }

  /** The If-Match version: 428 without it, 400 when it names no version. */
  function ifMatch(request: FastifyRequest, required: boolean): string | undefined {
    const say = sayer(request);
    const header = request.headers['if-match'];
    const value = (Array.isArray(header) ? header[0] : header)?.trim();
    if (!value) {
      if (!required) return undefined;
      throw new ApiError(
        428,
        say('请在 If-Match 中给出读取时的版本', 'send If-Match with the version you read'),
      );
    }
    const m = /^"?([0-9a-f]{16})"?$/.exec(value);
    if (!m)
      throw new ApiError(
        400,
        say(`If-Match 不是版本号：${value.slice(0, 40)}`, `If-Match is not a version: ${value.slice(0, 40)}`),
      );
    return m[1]!;
  }

  /** Moves the pointer; a stale If-Match is a 412 naming the current version. */
  function move(
    request: FastifyRequest,
    scope: string,
    expected: string | undefined,
    reason: string,
    next: (layer: Layer) => { layer: Layer; change: Change } | { unchanged: true },
  ) {
    const say = sayer(request);
    try {
      const result = store.move({ scope, expected, actor: actorOf(request), reason, next });
      return ok({ scope: result.scope, version: result.version, previous: result.previous });
    } catch (err) {
      if (err instanceof StaleVersionError)
        throw new ApiError(
          412,
          say(
            `${scope} 已被他人修改（当前版本 ${err.current}），请重新读取后再试`,
            `${scope} changed meanwhile (now at ${err.current}); read it again and retry`,
          ),
          { data: { current: err.current } },
        );
      throw err;
    }
  }

  // ---- uploads -------------------------------------------------------------------------------------
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
        const record = manifest.bundles.find((b) => b.name === bundle);
        if (!record) throw refuse(404, `未知的包：${bundle}`, `unknown bundle: ${bundle}`);

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
        const stored = store.storeAssets(rows);
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

  // ---- reading -------------------------------------------------------------------------------------
  app.get(
    '/api/deploy/importmap',
    {
      config: { auth: 'public' },
      onRequest: authorise,
      schema: { querystring: query({ scope: SCOPE }, ['scope']) },
    },
    async (request, reply) => {
      const { scope } = request.query;
      requireScope(request, scope);
      const current = store.current(scope);
      reply.header('ETag', `"${current.version}"`);
      return ok({ scope, version: current.version, layer: current.layer, map: deploy.scopeMap(scope) });
    },
  );

  app.get('/api/deploy/scopes', { config: { auth: 'public' }, onRequest: authorise }, async () => {
    const tenants = store.tenants();
    const names = new Map(tenants.map((t) => [t.tenantId, t.tenantName]));
    const scopes = new Set<string>([BASE, ...tenants.map((t) => t.tenantId), ...store.layers().keys()]);
    const list = [...scopes]
      .sort((a, b) => (a === BASE ? -1 : b === BASE ? 1 : a < b ? -1 : 1))
      .map((scope) => {
        const current = store.current(scope);
        return {
          scope,
          ...(names.has(scope) ? { tenantName: names.get(scope) } : {}),
          version: current.version,
          pins: Object.keys(current.layer.imports).length,
        };
      });
    return ok(list);
  });

  app.get(
    '/api/deploy/history',
    {
      config: { auth: 'public' },
      onRequest: authorise,
      schema: { querystring: query({ scope: SCOPE, limit: Type.String({ pattern: '^[1-9][0-9]{0,3}$' }) }) },
    },
    async (request) => {
      const { scope, limit } = request.query;
      if (scope) requireScope(request, scope);
      return ok(store.history(scope, Math.min(Number(limit ?? 500), 1000)));
    },
  );

  // ---- changes -------------------------------------------------------------------------------------
  app.put(
    '/api/deploy/importmap/:scope/imports/:specifier',
    { config: { auth: 'public' }, onRequest: authorise, schema: { params: ENTRY_PARAMS, body: PIN_BODY } },
    async (request) => {
      const say = sayer(request);
      const expected = ifMatch(request, true);
      const { scope, specifier } = request.params;
      const { url, reason } = request.body;
      requireScope(request, scope);
      if (!Object.hasOwn(buildMap(deploy.options.distDir).map.imports, specifier))
        throw new ApiError(
          404,
          say(
            `构建的导入映射中没有 ${specifier}`,
            `unknown specifier: ${specifier} is not in the build's import map`,
          ),
        );
      if (scope !== BASE) {
        const manifest = buildManifest(deploy.options.distDir);
        if (!manifest)
          throw new ApiError(
            503,
            say(
              '构建清单 dist/bundles.json 缺失，不能按租户固定版本',
              'build manifest missing (dist/bundles.json): tenant pins are refused',
            ),
          );
        if (manifest.shared.includes(specifier))
          throw new ApiError(
            400,
            say(
              `${specifier} 由所有包共享，不能按租户固定版本`,
              `${specifier} is shared by every bundle and cannot be pinned per tenant`,
            ),
          );
      }
      let checked: { integrity: string };
      try {
        checked = await checkUrl(url, {
          distDir: deploy.options.distDir,
          asset: (path) => store.asset(path),
          origins: deployOrigins(deploy.options.siteConfigPath),
          timeoutMs: ctx.options.deployFetchTimeoutMs,
          maxBytes: MAX_FETCH_BYTES,
        });
      } catch (err) {
        if (err instanceof UrlRefused) throw new ApiError(err.status, say(err.zh, err.en));
        throw err;
      }
      const given = request.body.integrity;
      if (given && given !== checked.integrity)
        throw new ApiError(
          422,
          say(
            `完整性校验不符：${url} 的内容是 ${checked.integrity}，而不是 ${given}`,
            `integrity mismatch: the bytes of ${url} are ${checked.integrity}, not ${given}`,
          ),
        );
      // Everything asynchronous is done: from here the compare-and-swap runs in one transaction.
      return move(request, scope, expected, reason, (layer) => {
        const from = layer.imports[specifier] ?? null;
        if (from === url && layer.integrity[url] === checked.integrity) return { unchanged: true };
        return {
          layer: withEntry(layer, specifier, url, checked.integrity),
          change: { kind: 'pin', specifier, from, to: url },
        };
      });
    },
  );

  app.delete(
    '/api/deploy/importmap/:scope/imports/:specifier',
    { config: { auth: 'public' }, onRequest: authorise, schema: { params: ENTRY_PARAMS, body: UNPIN_BODY } },
    async (request) => {
      const say = sayer(request);
      const expected = ifMatch(request, true);
      const { scope, specifier } = request.params;
      requireScope(request, scope);
      const notPinned = new ApiError(
        404,
        say(`${scope} 没有固定 ${specifier}`, `${scope} has no entry for ${specifier}`),
      );
      return move(request, scope, expected, request.body.reason, (layer) => {
        const from = layer.imports[specifier];
        if (from === undefined) throw notPinned;
        return { layer: withoutEntry(layer, specifier), change: { kind: 'unpin', specifier, from } };
      });
    },
  );

  app.post(
    '/api/deploy/importmap/:scope/rollback',
    {
      config: { auth: 'public' },
      onRequest: authorise,
      schema: { params: Type.Object({ scope: SCOPE }), body: ROLLBACK_BODY },
    },
    async (request) => {
      const say = sayer(request);
      const expected = ifMatch(request, false);
      const { scope } = request.params;
      const { version, reason } = request.body;
      requireScope(request, scope);
      const target = store.versionOfScope(scope, version);
      if (!target)
        throw new ApiError(
          404,
          say(`${scope} 没有过版本 ${version}`, `${scope} never had the version ${version}`),
        );
      return move(request, scope, expected, reason, (layer) => ({
        layer: target,
        change: { kind: 'rollback', toVersion: version, entries: diffLayers(layer, target) },
      }));
    },
  );
}
