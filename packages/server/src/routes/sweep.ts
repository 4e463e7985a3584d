import type { RouteApp } from '../http/schema.ts';

/**
 * Runs `sweep` once before the server listens and then every `everyMs` until it closes. The sweeps settle
 * rows a stopped instance left in flight (docs/decisions.md, issue 30); a failed sweep is logged and the
 * next one tries again.
 */
export async function sweepEvery(app: RouteApp, everyMs: number, what: string, sweep: () => Promise<void>) {
  const once = () =>
    sweep().catch((err: unknown) => {
      app.log.warn({ err }, `${what} failed`);
    });
  await once();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= once().finally(() => {
      running = null;
    });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
