// Where each Playwright worker's reference server listens and writes what it issues. Every worker has a
// server of its own on a fresh database (base port + the worker's parallel index), so specs in different
// workers never share accounts, sessions or data; specs of one worker run one after another as before.
export const BASE_PORT = Number(process.env.E2E_PORT ?? 4173);
/** Parallel workers, each with its own server; E2E_WORKERS=1 runs everything against one server. */
export const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The captcha and phone codes a server issues, one JSON line each (read by test/e2e/support.ts). */
export const codesFile = (port) => `test-results/e2e-codes-${port}.jsonl`;
export const dataDir = (port) => `test-results/e2e-data-${port}`;
/** The deploy API's key on every end-to-end server (DEPLOY_KEY), for the publish command (deploy.spec.ts). */
export const DEPLOY_KEY = 'e2e-deploy-key-not-a-secret';
