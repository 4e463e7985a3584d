// `npm run publish -- <bundle> --server <url> --key <key> [--tenant <id>] --reason "..."`: what a parcel
// team's CI runs to deploy one bundle. It builds the bundle (`npm run build:bundle`), uploads its files to
// the deploy API, reads the scope's import map with its version and points the bundle's entry at the
// uploaded entry file with If-Match (once more after re-reading, if the map changed meanwhile). The scope is
// the tenant given, else the base map of every tenant. docs/api.md section 22 is the API.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** What the server accepts as a reason (docs/api.md section 22). */
export const REASON = /^[^<>`]*\S[^<>`]*$/;
export const MAX_REASON = 200;
const TENANT = /^[0-9]{6}$/;
/** One call to the server at most this long. */
const TIMEOUT_MS = 60_000;

export const USAGE = `Usage: npm run publish -- <bundle> --server <url> --key <key> [--tenant <id>] --reason "..."

Builds <bundle> (as npm run build:bundle), uploads its files to the server's deploy API and points the
bundle's import-map entry at the new entry file: for one tenant with --tenant <id> (6 digits), else in
the base map of every tenant. The key may also come from the environment variable DEPLOY_KEY.`;

export class PublishError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * The command line as options, or a PublishError saying what is wrong. `env` supplies DEPLOY_KEY when
 * --key is not given.
 */
export function parseOptions(argv, env = {}) {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      allowPositionals: true,
      strict: true,
      options: {
        server: { type: 'string' },
        key: { type: 'string' },
        tenant: { type: 'string' },
        reason: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new PublishError(error.message.replace(/\. To specify a positional.*$/s, '.'));
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (positionals.length !== 1)
    throw new PublishError(
      positionals.length === 0
        ? 'no bundle named'
        : `one bundle expected, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  if (!values.server) throw new PublishError('--server <url> is missing');
  let server;
  try {
    server = new URL(values.server);
  } catch {
    throw new PublishError(`--server is not a URL: ${values.server}`);
  }
  if (server.protocol !== 'http:' && server.protocol !== 'https:')
    throw new PublishError(`--server must be an http or https URL, not ${values.server}`);
  const key = values.key ?? env.DEPLOY_KEY;
  if (!key) throw new PublishError('--key <key> is missing (or set DEPLOY_KEY)');
  if (values.tenant !== undefined && !TENANT.test(values.tenant))
    throw new PublishError(`--tenant must be a tenant id of 6 digits, not ${JSON.stringify(values.tenant)}`);
  const reason = values.reason?.trim();
  if (!reason) throw new PublishError('--reason "..." is missing: say why, it goes in the history');
  if (reason.length > MAX_REASON)
    throw new PublishError(`--reason is ${reason.length} characters long; at most ${MAX_REASON}`);
  if (!REASON.test(reason)) throw new PublishError('--reason may not contain <, > or `');
  return {
    bundle: positionals[0],
    server: server.href.replace(/\/+$/, ''),
    key,
    scope: values.tenant ?? 'base',
    reason,
  };
}

/** The message for a refused call: what was being done, the status and the server's own words. */
export function refusal(step, status, body, text) {
  const said = typeof body?.msg === 'string' && body.msg ? body.msg : text.trim().slice(0, 300);
  const why =
    status === 401
      ? 'not signed in: the server wants a deploy key (Authorization: Bearer <key>)'
      : status === 403
        ? 'refused (wrong deploy key, or key auth is off on this server)'
        : `HTTP ${status}`;
  return `${step}: ${why}${said ? `: ${said}` : ''}`;
}

/** The deploy API of `server` with `key`; each call answers the envelope's data or throws PublishError. */
export function deployApi(server, key, fetchImpl = fetch) {
  async function call(step, pathAndQuery, init = {}) {
    let response;
    try {
      response = await fetchImpl(`${server}${pathAndQuery}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${key}`, 'hz-language': 'en' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const cause = error.cause?.code ?? error.cause?.message ?? error.message;
      throw new PublishError(`${step}: cannot reach ${server}: ${cause}`);
    }
    const text = await response.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the text itself is shown
    }
    if (!response.ok) throw new PublishError(refusal(step, response.status, body, text), response.status);
    if (!body || typeof body !== 'object' || !('data' in body))
      throw new PublishError(`${step}: the server answered ${response.status} without a JSON envelope`);
    return body.data;
  }
  return {
    upload(bundle, files) {
      const form = new FormData();
      form.append('bundle', bundle);
      for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type }), file.name);
      return call('upload', '/api/deploy/assets', { method: 'POST', body: form });
    },
    importMap(scope) {
      return call(
        `read the import map of ${scope}`,
        `/api/deploy/importmap?scope=${encodeURIComponent(scope)}`,
      );
    },
    pin(scope, specifier, version, entry) {
      return call(
        `point ${specifier} in ${scope}`,
        `/api/deploy/importmap/${encodeURIComponent(scope)}/imports/${encodeURIComponent(specifier)}`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'if-match': `"${version}"` },
          body: JSON.stringify(entry),
        },
      );
    },
  };
}

const TYPES = { js: 'text/javascript', mjs: 'text/javascript', css: 'text/css', map: 'application/json' };

/**
 * Uploads a built bundle and points `scope`'s entry at it. `built` is what buildBundle answers, `dist` where
 * its files are. Re-reads the map and tries once more when another change came first (412).
 */
export async function publish({ api, built, dist, scope, reason, log = () => {} }) {
  const { record } = built;
  const files = record.files.map((url) => {
    const name = path.posix.basename(url);
    return {
      name,
      bytes: readFileSync(path.join(dist, url)),
      type: TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream',
    };
  });
  log(`Uploading ${files.length} file(s) of ${record.name}…`);
  const uploaded = await api.upload(record.name, files);
  const entryName = path.posix.basename(record.entry);
  const entry = uploaded?.files?.find((file) => file.name === entryName);
  if (!entry) throw new PublishError(`upload: the server's answer does not list the entry file ${entryName}`);
  if (entry.integrity !== built.integrity)
    throw new PublishError(
      `upload: the server holds other bytes for ${entryName} (${entry.integrity}, built ${built.integrity})`,
    );
  for (const file of uploaded.files) log(`  ${file.url}  ${file.integrity}`);
  const body = { url: entry.url, integrity: entry.integrity, reason };
  let current = await api.importMap(scope);
  let moved;
  try {
    moved = await api.pin(scope, record.name, current.version, body);
  } catch (error) {
    if (error.status !== 412) throw error;
    log(`The import map of ${scope} changed meanwhile; reading it again and retrying once.`);
    current = await api.importMap(scope);
    moved = await api.pin(scope, record.name, current.version, body);
  }
  return {
    url: entry.url,
    integrity: entry.integrity,
    scope,
    version: moved.version,
    previous: moved.previous,
  };
}

/** What publish prints at the end. */
export function publishedText(bundle, result) {
  const where =
    result.scope === 'base' ? 'the base map (every tenant without a pin)' : `tenant ${result.scope}`;
  const same = result.version === result.previous;
  return `${same ? 'Already published' : 'Published'} ${bundle} for ${where}:
  URL:        ${result.url}
  Integrity:  ${result.integrity}
  Version:    ${result.version}${same ? ' (unchanged)' : ` (was ${result.previous})`}
Open pages of ${result.scope === 'base' ? 'every tenant' : `tenant ${result.scope}`} are offered a reload. Roll back on the Versions page, or with
POST /api/deploy/importmap/${result.scope}/rollback {"version":"${result.previous}","reason":"..."}.
`;
}

export async function main(argv, env = process.env) {
  let options;
  try {
    options = parseOptions(argv, env);
  } catch (error) {
    process.stderr.write(`publish: ${error.message}\n${USAGE}\n`);
    return 1;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Loaded here: the build (rollup and its plugins) is only needed once the arguments are good.
  const { buildBundle, summary } = await import('./build-bundle.mjs');
  const { resolveBundle, sharedSpecifiers } = await import('./bundles-manifest.mjs');
  const named = resolveBundle(options.bundle).bundle?.name;
  if (named && options.scope !== 'base' && sharedSpecifiers().includes(named)) {
    process.stderr.write(
      `publish: ${named} is shared by every bundle and cannot be pinned per tenant: publish it without --tenant\n`,
    );
    return 1;
  }
  const dist = path.join(process.cwd(), 'dist');
  let built;
  const started = performance.now();
  try {
    built = await buildBundle(options.bundle, { dist });
  } catch (error) {
    process.stderr.write(`publish: build: ${error.message}\n`);
    return 1;
  }
  process.stdout.write(summary(built, (performance.now() - started) / 1000, { next: false }));
  try {
    const result = await publish({
      api: deployApi(options.server, options.key),
      built,
      dist,
      scope: options.scope,
      reason: options.reason,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(publishedText(built.record.name, result));
    return 0;
  } catch (error) {
    process.stderr.write(`publish: ${error.message}\n`);
    return error instanceof PublishError ? 2 : 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
