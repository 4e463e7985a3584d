import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAX_SOCKETS } from './http/socket-cap.ts';

/** The repository root (packages/server/src -> ../../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  importMapDir: string;
  siteConfigPath: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  aesKey: string | undefined;
  production: boolean;
  loginConflict: boolean;
  /** End-to-end tests only: a file where issued captcha and phone codes are appended. */
  testCodesFile: string | undefined;
  /** `--simulate` or SIMULATE=1: push a demo mix of notifications on a timer. */
  simulate: boolean;
  /** DEPLOY_KEY: the deploy API's bearer key for CI (at least 16 characters); unset turns key auth off. */
  deployKey: string | undefined;
  /** PostgreSQL (DATABASE_URL); undefined runs on the embedded SQLite file. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** MAX_SOCKETS: open sockets one instance holds at most (default 5000). */
  maxSockets: number;
  /** TRUST_PROXY: the load balancers' addresses, whose X-Forwarded-For names the client. */
  trustProxy: string | undefined;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** Configuration from the environment; relative folders resolve against where npm was started. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
): ServerConfig {
  const base = env.INIT_CWD || process.cwd();
  const distDir = resolve(base, env.DIST_DIR || './dist');
  const publicConfig = resolve(REPO_ROOT, 'public/site-config.json');
  const distConfig = resolve(distDir, 'site-config.json');
  return {
    port: positiveInt(env, 'PORT', 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(base, env.DATA_DIR || './data'),
    distDir,
    importMapDir: resolve(base, env.IMPORTMAP_DIR || resolve(REPO_ROOT, 'importmap/tenants')),
    siteConfigPath: env.SITE_CONFIG || (existsSync(distConfig) ? distConfig : publicConfig),
    accessTokenTtl: positiveInt(env, 'ACCESS_TOKEN_TTL', 7200),
    refreshTokenTtl: positiveInt(env, 'REFRESH_TOKEN_TTL', 7 * 24 * 3600),
    aesKey: env.AES_KEY || undefined,
    production: env.NODE_ENV === 'production',
    loginConflict: env.LOGIN_CONFLICT !== 'off',
    testCodesFile: testCodesFile(env, base),
    simulate: env.SIMULATE === '1' || argv.includes('--simulate'),
    deployKey: deployKey(env),
    // DATABASE_URL=postgres://…: PostgreSQL (several instances may share it); unset: <DATA_DIR>/console.sqlite.
    databaseUrl: databaseUrl(env),
    databasePoolSize: positiveInt(env, 'DATABASE_POOL_SIZE', 10),
    maxSockets: positiveInt(env, 'MAX_SOCKETS', DEFAULT_MAX_SOCKETS),
    trustProxy: env.TRUST_PROXY || undefined,
  };
}

function databaseUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = env.DATABASE_URL;
  if (url === undefined || url === '') return undefined;
  if (!/^postgres(ql)?:\/\/./.test(url)) throw new Error('DATABASE_URL must be a postgres:// URL');
  return url;
}

function deployKey(env: NodeJS.ProcessEnv): string | undefined {
  const key = env.DEPLOY_KEY;
  if (key === undefined || key === '') return undefined;
  if (key.length < 16 || /\s/.test(key))
    throw new Error('DEPLOY_KEY must be at least 16 characters without spaces');
  return key;
}

function testCodesFile(env: NodeJS.ProcessEnv, base: string): string | undefined {
  if (!env.TEST_CODES_FILE) return undefined;
  if (env.NODE_ENV === 'production') throw new Error('TEST_CODES_FILE is refused when NODE_ENV=production');
  return resolve(base, env.TEST_CODES_FILE);
}

/** The aesKey of a site-config.json, or null when the file or the key is missing. */
export function readAesKey(siteConfigPath: string | undefined): string | null {
  if (!siteConfigPath || !existsSync(siteConfigPath)) return null;
  try {
    const parsed = JSON.parse(readFileSync(siteConfigPath, 'utf8')) as { aesKey?: unknown };
    return typeof parsed.aesKey === 'string' && Buffer.byteLength(parsed.aesKey) === 16
      ? parsed.aesKey
      : null;
  } catch {
    return null;
  }
}
