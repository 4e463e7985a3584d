import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { AppContext } from '../context.ts';
import { buildManifest, buildMap, deployOrigins } from '../deploy/build.ts';
import { checkUrl, UrlRefused } from '../deploy/check-url.ts';
import {
  BASE,
  diffLayers,
  emptyLayer,
  type Layer,
  SCOPE_PATTERN,
  versionOf,
  withEntry,
  withoutEntry,
} from '../deploy/layer.ts';
import { newBundleCode, newEntryRefusal } from '../deploy/new-entry.ts';
import { type Change, StaleVersionError } from '../deploy/store.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { body, query, type RouteApp } from '../http/schema.ts';
import { deployAccess, sayer } from './deploy-access.ts';
import { registerDeployUploads } from './deploy-uploads.ts';

/** An allowlisted URL's answer is read up to this size. */
export const MAX_FETCH_BYTES = 10 * 1024 * 1024;

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

/**
 * The deploy API (docs/api.md section 22): uploads of bundle files, each scope's import-map layer, its
 * history and rollback. Callers: a platform administrator's token, or the deploy key (DEPLOY_KEY) as
 * `Authorization: Bearer <key>`.
 */
export async function registerDeployRoutes(app: RouteApp, ctx: AppContext) {
  const { deploy } = ctx;
  const { store } = deploy;

  const { authorise, actorOf } = deployAccess(deploy);

  async function requireScope(request: FastifyRequest, scope: string) {
    if (!(await store.scopeExists(scope))) {
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
  async function move(
    request: FastifyRequest,
    scope: string,
    expected: string | undefined,
    reason: string,
    next: (layer: Layer) => { layer: Layer; change: Change } | { unchanged: true },
  ) {
    const say = sayer(request);
    try {
      const result = await store.move({ scope, expected, actor: actorOf(request), reason, next });
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

  await registerDeployUploads(app, ctx, { authorise, actorOf });

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
      await requireScope(request, scope);
      const current = await store.current(scope);
      reply.header('ETag', `"${current.version}"`);
      return ok({ scope, version: current.version, layer: current.layer, map: await deploy.scopeMap(scope) });
    },
  );

  app.get('/api/deploy/scopes', { config: { auth: 'public' }, onRequest: authorise }, async () => {
    const tenants = await store.tenants();
    const layers = await store.layers();
    const names = new Map(tenants.map((t) => [t.tenantId, t.tenantName]));
    const scopes = new Set<string>([BASE, ...tenants.map((t) => t.tenantId), ...layers.keys()]);
    const list = [...scopes]
      .sort((a, b) => (a === BASE ? -1 : b === BASE ? 1 : a < b ? -1 : 1))
      .map((scope) => {
        // A scope without a pointer is at its empty layer.
        const current = layers.get(scope) ?? { version: versionOf(scope, emptyLayer()), layer: emptyLayer() };
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
      if (scope) await requireScope(request, scope);
      return ok(await store.history(scope, Math.min(Number(limit ?? 500), 1000)));
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
      await requireScope(request, scope);
      if (!Object.hasOwn(buildMap(deploy.options.distDir).map.imports, specifier)) {
        // Not in the build: only a new sub-app's bundle, pointing at a file uploaded for it.
        const named = newBundleCode(specifier);
        const refusal =
          'refusal' in named
            ? {
                ...named.refusal,
                zh: `构建的导入映射中没有 ${specifier}：${named.refusal.zh}`,
                en: `unknown specifier: ${named.refusal.en}`,
              }
            : newEntryRefusal(specifier, url, await store.asset(url));
        if (refusal) throw new ApiError(refusal.status, say(refusal.zh, refusal.en));
      }
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
      await requireScope(request, scope);
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
      await requireScope(request, scope);
      const target = await store.versionOfScope(scope, version);
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
