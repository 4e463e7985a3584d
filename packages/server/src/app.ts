import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { REPO_ROOT, readAesKey } from './config.ts';
import type { AppContext, CaptchaEvent, PhoneCodeEvent } from './context.ts';
import { openBus } from './db/bus.ts';
import { type Db, isPostgresUrl, openDatabase } from './db/database.ts';
import { migrate } from './db/migrations.ts';
import { createRepos } from './db/repos/index.ts';
import { seedIfEmpty } from './db/seed.ts';
import { seedDevices } from './db/seed-devices.ts';
import { seedMarket } from './db/seed-market.ts';
import { deployService } from './deploy/service.ts';
import { registerAuth } from './http/auth.ts';
import { ApiError, errorHandler, sendApiError } from './http/envelope.ts';
import { t } from './http/messages.ts';
import { capSockets, DEFAULT_MAX_SOCKETS } from './http/socket-cap.ts';
import { registerStationScope } from './http/station.ts';
import type { AssistantSettings } from './routes/assistant-stream.ts';
import { registerRoutes } from './routes/index.ts';
import { DEFAULT_COST } from './security/passwords.ts';
import { RateLimiter, TtlStore } from './security/rate-limit.ts';
import { loadSharedSigningKey, loadSigningKey } from './security/signing-key.ts';
import { loadSharedSpeechCredentials, loadSpeechCredentials } from './security/speech-credentials.ts';
import { tokenService } from './security/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    opsDb: Db;
    /** Internal handle for tests: the data-auth key of an access token's session ('' when invalid). */
    opsDataAuthKey: (token: string) => Promise<string>;
    /** Internal handle for tests: the signed-in notification sockets this instance holds. */
    opsNotificationSockets: () => number;
    /** Internal handle for tests: the assistant's session sockets held here and its answers in flight. */
    opsAssistantLoad: () => { sockets: number; answers: number };
  }
}

export interface LimitOptions {
  max: number;
  windowMs: number;
}

export interface AppOptions {
  /** SQLite file, or ':memory:' for tests; a `postgres://` URL runs on PostgreSQL (DATABASE_URL). */
  dbPath: string;
  /** The proxies whose X-Forwarded-For is believed (TRUST_PROXY: addresses/CIDRs, comma-separated). */
  trustProxy?: string;
  /** PostgreSQL connections of this instance (DATABASE_POOL_SIZE, default 10). */
  dbPoolSize?: number;
  /** Folder for the signing key (signing-key.json); without it a key is generated per process. */
  dataDir?: string;
  /** Built front end (index.html, importmap.json); without it only the API is served. */
  distDir?: string;
  /** Per-tenant import-map pins (<tenantId>.json); default importmap/tenants of the repository. */
  importMapDir?: string;
  /** site-config.json whose aesKey decrypts usernames; default public/site-config.json. */
  siteConfigPath?: string;
  /** Overrides the site config's aesKey (env AES_KEY). */
  aesKey?: string;
  logger?: boolean;
  /** Clock in milliseconds (tests move time with it). */
  now?: () => number;
  /** Access-token lifetime in seconds (default 7200). */
  accessTokenTtl?: number;
  /** Refresh-token lifetime in seconds (default 7 days). */
  refreshTokenTtl?: number;
  /** Production disables the development-only routes (demo social provider, QR dev confirm). */
  production?: boolean;
  /** The assistant: an OpenAI-compatible upstream instead of the built-in responder, and its pacing. */
  assistant?: Partial<AssistantSettings>;
  /** Seed the demo data into an empty database (default true). */
  seed?: boolean;
  /** scrypt cost N for stored passwords (default 16384; tests may lower it). */
  passwordCost?: number;
  /** Answer 1800100001 to a second password login of an account with a live session (default true). */
  loginConflict?: boolean;
  /** Require captcha headers on password logins (default false: verified when sent). */
  requireCaptcha?: boolean;
  /** Failed-login limits (defaults: 5 per account and 20 per address per 5 minutes). */
  loginLimits?: { perAccount?: LimitOptions; perAddress?: LimitOptions };
  /** Called with every phone code issued (tests read codes here; there is no public route for them). */
  onPhoneCode?: (event: PhoneCodeEvent) => void;
  /** Called with every captcha issued (end-to-end tests read the text here; no public route shows it). */
  onCaptcha?: (event: CaptchaEvent) => void;
  /** Push a demo mix of notifications on a timer (`npm start -- --simulate`, SIMULATE=1). */
  simulate?: boolean;
  /** Largest accepted request body in bytes (default 256 KiB). */
  bodyLimit?: number;
  /** DEPLOY_KEY: the bearer key of the deploy API for CI (unset: only platform administrators deploy). */
  deployKey?: string;
  /** How long the deploy API waits for an allowlisted URL it checks (default 5000 ms). */
  deployFetchTimeoutMs?: number;
  /** Open sockets this instance holds at most, all socket routes together (MAX_SOCKETS, default 5000). */
  maxSockets?: number;
}

export async function createApp(options: AppOptions): Promise<FastifyInstance> {
  const now = options.now ?? Date.now;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimit ?? 256 * 1024,
    // Behind a load balancer (TRUST_PROXY): the client's address from X-Forwarded-For, for the per-address
    // sign-in limit; never trusted otherwise.
    trustProxy: options.trustProxy ?? false,
    routerOptions: { maxParamLength: 200 },
    ajv: {
      customOptions: { coerceTypes: false, removeAdditional: true, allErrors: false, allowUnionTypes: true },
    },
  });
  const db = openDatabase({ url: options.dbPath, poolSize: options.dbPoolSize });
  try {
    await migrate(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  const bus = await openBus(db);
  app.addHook('onClose', async () => {
    await bus.close();
    await db.close();
  });
  const repos = createRepos(db, bus);
  // Internal handle for tests (fingerprints proving that bad input changed nothing); never a route.
  app.decorate('opsDb', db);
  if (options.seed ?? true) {
    // Instances starting together on one PostgreSQL database: one seeds, the others wait and find it done.
    await repos.transaction(async () => {
      await db.lock('seed');
      await seedIfEmpty(repos, now(), options.passwordCost);
      // Devices and the spare-parts catalogue also arrive in a database seeded before they existed.
      await seedDevices(repos);
      await seedMarket(repos, now());
    });
  }

  const tokens = tokenService({
    // Instances on one PostgreSQL database share the key kept there; the embedded one keeps it in a file.
    key: isPostgresUrl(options.dbPath) ? await loadSharedSigningKey(db) : loadSigningKey(options.dataDir),
    accessTtl: options.accessTokenTtl ?? 7200,
    refreshTtl: options.refreshTokenTtl ?? 7 * 24 * 3600,
    now,
    sessions: repos.sessions,
  });
  app.decorate('opsDataAuthKey', (token: string) => tokens.dataAuthKeyOf(token));
  const perAccount = options.loginLimits?.perAccount ?? { max: 5, windowMs: 5 * 60_000 };
  const perAddress = options.loginLimits?.perAddress ?? { max: 20, windowMs: 5 * 60_000 };
  const siteConfigPath = options.siteConfigPath ?? `${REPO_ROOT}/public/site-config.json`;
  const importMapDir = options.importMapDir ?? `${REPO_ROOT}/importmap/tenants`;
  const deploy = deployService(db, bus, now, {
    distDir: options.distDir ?? null,
    importMapDir,
    siteConfigPath,
    deployKey: options.deployKey || null,
  });
  await deploy.seed(app.log);
  const ctx: AppContext = {
    repos,
    deploy,
    tokens,
    now,
    aesKey: options.aesKey ?? readAesKey(siteConfigPath) ?? null,
    speechEmulator: isPostgresUrl(options.dbPath)
      ? await loadSharedSpeechCredentials(db)
      : loadSpeechCredentials(options.dataDir),
    options: {
      distDir: options.distDir ?? null,
      importMapDir,
      deployFetchTimeoutMs: options.deployFetchTimeoutMs ?? 5000,
      production: options.production ?? false,
      assistant: options.assistant ?? {},
      loginConflict: options.loginConflict ?? true,
      requireCaptcha: options.requireCaptcha ?? false,
      passwordCost: options.passwordCost ?? DEFAULT_COST,
      downloadsDir: options.dataDir ? join(options.dataDir, 'downloads') : null,
      onPhoneCode: options.onPhoneCode ?? null,
      onCaptcha: options.onCaptcha ?? null,
      simulate: options.simulate ?? false,
    },
    stores: {
      captchas: new TtlStore(db, 'captchas', now),
      phoneCodes: new TtlStore(db, 'phoneCodes', now),
      phoneCooldown: new TtlStore(db, 'phoneCooldown', now),
      conflicts: new TtlStore(db, 'conflicts', now),
      qrChecks: new TtlStore(db, 'qrChecks', now),
      socialCodes: new TtlStore(db, 'socialCodes', now),
      tickets: new TtlStore(db, 'tickets', now),
    },
    limits: {
      account: new RateLimiter(db, 'account', perAccount.max, perAccount.windowMs, now),
      address: new RateLimiter(db, 'address', perAddress.max, perAddress.windowMs, now),
    },
  };

  // Form bodies (the OAuth token endpoint): one string per name, a repeated name keeps its last value.
  await app.register(fastifyFormbody, { parser: (text) => Object.fromEntries(new URLSearchParams(text)) });
  // Cookies: the static host reads ops-tenant, the token endpoint sets it.
  await app.register(fastifyCookie);
  // WebSockets for every route declared with `websocket: true` (registered once, here). A frame over 1 MiB
  // closes its socket (1009); routes read only smaller frames (the notification sockets: 16 KiB).
  capSockets(app, options.maxSockets ?? DEFAULT_MAX_SOCKETS);
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => {
    const msg = request.url.startsWith('/api/') ? t(request, 'notFound') : 'not found';
    return sendApiError(reply, new ApiError(404, msg));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    return payload;
  });
  registerAuth(app, ctx);
  registerStationScope(app, ctx);
  await registerRoutes(app, ctx);
  return app;
}
