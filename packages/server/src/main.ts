import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { dataDirProblem } from './data-dir.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';
import { assistantSettingsFromEnv } from './routes/assistant-stream.ts';

/** `npm start`: the reference server on the embedded database, serving the built console. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error(`Configuration error: ${(err as Error).message}`);
    process.exit(1);
  }
  if (!existsSync(join(config.distDir, 'index.html'))) {
    console.error(`No index.html in ${config.distDir}: run npm run build first.`);
    process.exit(1);
  }
  const problem = dataDirProblem(config.dataDir);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  const database = config.databaseUrl ? redacted(config.databaseUrl) : join(config.dataDir, 'console.sqlite');
  const app = await createApp({
    dbPath: config.databaseUrl ?? join(config.dataDir, 'console.sqlite'),
    dbPoolSize: config.databasePoolSize,
    maxSockets: config.maxSockets,
    trustProxy: config.trustProxy,
    dataDir: config.dataDir,
    distDir: config.distDir,
    importMapDir: config.importMapDir,
    siteConfigPath: config.siteConfigPath,
    aesKey: config.aesKey,
    // ASSISTANT_UPSTREAM_URL (+ _KEY, ASSISTANT_MODEL): an OpenAI-compatible server answers the assistant.
    assistant: assistantSettingsFromEnv(process.env),
    accessTokenTtl: config.accessTokenTtl,
    refreshTokenTtl: config.refreshTokenTtl,
    production: config.production,
    loginConflict: config.loginConflict,
    simulate: config.simulate,
    deployKey: config.deployKey,
    ...testCodeHooks(config),
    logger: true,
  }).catch((err: Error) => {
    console.error(`Cannot open the database ${database}: ${err.message}`);
    process.exit(1);
  });
  const shutdown = () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(`Cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`);
    process.exit(1);
  }
  const shownHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  const lines = [
    '',
    `Operations console: http://${shownHost}:${config.port}/`,
    `Data folder: ${config.dataDir}   Front end: ${config.distDir}`,
    `Database: ${database}`,
    '',
    'Demo accounts:',
    ...table(
      ['tenant', 'account', 'password', 'note'],
      DEMO_ACCOUNTS.map((a) => [a.tenantId, a.account, a.password, a.note]),
    ),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * End-to-end tests sign in through the real pages, so they must read the captcha and phone codes the
 * server issues: with TEST_CODES_FILE set (never in production), each is appended to that file as a JSON
 * line. Nothing is written otherwise.
 */
function testCodeHooks(config: ReturnType<typeof loadConfig>) {
  const file = config.testCodesFile;
  if (!file) return {};
  const write = (entry: object) => appendFileSync(file, `${JSON.stringify(entry)}\n`);
  return {
    onCaptcha: (event: { key: string; text: string }) => write({ kind: 'captcha', ...event }),
    onPhoneCode: (event: { id: string; phone: string; code: string }) => write({ kind: 'phone', ...event }),
  };
}

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`;
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

await main();

/** A database URL as printed: without its password. */
function redacted(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
