import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from '../src/db/database.ts';
import { type AppOptions, aesEncrypt, createApp, md5hex, type PhoneCodeEvent } from '../src/index.ts';
import { freshDatabase } from './engine.ts';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
export const AES_KEY = 'Hz6Q2pRt8LwX4vNb';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  phoneCodes: PhoneCodeEvent[];
  call: (method: string, path: string, init?: CallInit) => Promise<CallResult>;
  login: (
    tenantId: string,
    account: string,
    password: string,
    extra?: Record<string, string>,
  ) => Promise<Tokens>;
  close: () => Promise<void>;
}

export interface CallInit {
  token?: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  contentType?: string;
  /**
   * The `Data-Auth` header: by default the key of `token`'s session, as the console sends it on every
   * signed-in call; false sends none (a string is sent as given, unless `headers` names one).
   */
  dataAuth?: string | false;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test convenience
  json: any;
}

export type Tokens = Record<string, string> & { access_token: string; refresh_token: string };

/** The password as the login page sends it: 6 random chars + md5hex + 6 random chars. */
export function wire(password: string): string {
  const pad = () =>
    randomBytes(6)
      .toString('base64')
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 6)
      .padEnd(6, 'q');
  return `${pad()}${md5hex(password)}${pad()}`;
}

export const aes = (text: string) => aesEncrypt(text, AES_KEY);

/** Calls and sign-ins against a server at `url`; `keyOf` gives a token's data-auth key. */
export function clientOf(url: string, keyOf: (token: string) => Promise<string> | string) {
  async function call(method: string, path: string, init: CallInit = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers['Blade-Auth'] = `bearer ${init.token}`;
    const named = Object.keys(headers).some((name) => name.toLowerCase() === 'data-auth');
    if (!named && init.dataAuth !== false) {
      const key = init.dataAuth ?? (init.token ? await keyOf(init.token) : '');
      if (key) headers['Data-Auth'] = key;
    }
    let body: string | undefined;
    if (init.raw !== undefined) {
      body = init.raw;
      headers['Content-Type'] = init.contentType ?? 'application/json';
    } else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  async function login(
    tenantId: string,
    account: string,
    password: string,
    extra: Record<string, string> = {},
  ) {
    const params = new URLSearchParams({
      tenantId,
      // Tenant 100002 has system authentication on: the username travels AES-encrypted.
      username: tenantId === '100002' ? aes(account) : account,
      password: wire(password),
      grant_type: 'password',
      scope: 'all',
      ...extra,
    });
    const res = await call('POST', `/api/blade-system/oauth/token?${params}`, {
      headers: { Authorization: BASIC, 'Tenant-Id': tenantId },
    });
    if (res.status !== 200) throw new Error(`login ${tenantId}/${account} failed: ${res.status} ${res.text}`);
    return res.json as Tokens;
  }

  return { call, login };
}

export async function startServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  const phoneCodes: PhoneCodeEvent[] = [];
  const database = await freshDatabase();
  const app = await createApp({
    dbPath: database.url,
    passwordCost: 1024,
    aesKey: AES_KEY,
    onPhoneCode: (e) => phoneCodes.push(e),
    ...options,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

  const { call, login } = clientOf(url, (token) => app.opsDataAuthKey(token));
  const close = async () => {
    await app.close();
    await database.drop();
  };
  return { app, url, phoneCodes, call, login, close };
}

export function tokenUrl(params: Record<string, string>): string {
  return `/api/blade-system/oauth/token?${new URLSearchParams(params)}`;
}

/**
 * Calls made as one of several signed-in users, each named by its key in `tokens`. The server is read
 * when a call is made (a suite starts it in `before`).
 */
export function callsAs(server: () => TestServer, tokens: Record<string, string>) {
  const as = (who: string, method: string, path: string, init: CallInit = {}) =>
    server().call(method, path, { ...init, token: tokens[who] });
  /** The `data` of a GET that must answer 200. */
  const data = async (who: string, path: string) => {
    const res = await as(who, 'GET', path);
    assert.equal(res.status, 200, `${path}: ${res.text.slice(0, 200)}`);
    return res.json.data;
  };
  return { as, data };
}

/** A token request with the grant's parameters, sent with the client's Basic credentials. */
export function tokenGrant(
  s: TestServer,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return s.call('POST', tokenUrl(params), { headers: { Authorization: BASIC, ...headers } });
}

/**
 * What a refused request may still change: its failed-login count, the one-time values it was issued, the
 * bus's spill and the schema's version. Everything else is data.
 */
const NOT_DATA = new Set(['rate_hits', 'ttl_items', 'bus_spill', 'schema_version']);

/** A digest of every table: equal before and after means the request changed no row. */
export async function fingerprint(s: TestServer): Promise<string> {
  const db = s.app.opsDb;
  const tables =
    db.engine === 'postgres'
      ? await db.all<{ name: string }>(
          sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`,
        )
      : await db.all<{ name: string }>(
          sql`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`,
        );
  const digest: [string, unknown][] = [];
  for (const { name } of tables) {
    if (NOT_DATA.has(name)) continue;
    if (db.engine === 'postgres') {
      // One digest per table computed by the database (rows in a stable order), not every row sent over.
      const row = await db.get<{ digest: string }>(
        sql`SELECT md5(COALESCE(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${sql.table(name)} t`,
      );
      digest.push([name, row?.digest]);
      continue;
    }
    const rows = await db.all<Record<string, unknown>>(sql`SELECT * FROM ${sql.table(name)}`);
    digest.push([name, rows.map((r) => JSON.stringify(r)).sort()]);
  }
  return JSON.stringify(digest);
}

/** Writes each file (path relative to `dir`: its text), making the folders it needs. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}
