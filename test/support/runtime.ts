import {
  type Bus,
  createBus,
  createRuntime,
  type HostServices,
  hostServicesOf,
  parseSiteConfig,
  type Runtime,
  type RuntimeParts,
} from '@ops/shared';
import { MemoryStorage } from '@ops/shared/test-support';

/**
 * The real runtime over in-memory storage, for component tests of packages that receive one. Calls go to
 * `adapter` (by default every call fails as a network error); nothing is started (no timers, no tabs).
 */
export function testRuntime(options: { bus?: Bus; adapter?: RuntimeParts['adapter'] } = {}): Runtime {
  return createRuntime({
    config: parseSiteConfig({ title: '运维控制台', aesKey: 'Hz6Q2pRt8LwX4vNb', storagePrefix: 'test-' }),
    bus: options.bus ?? createBus(),
    local: new MemoryStorage(),
    sessionArea: new MemoryStorage(),
    lockChannel: null,
    lockAnswerWaitMs: 0,
    adapter:
      options.adapter ??
      (async (config) => {
        throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK', config, isAxiosError: true });
      }),
  });
}

/** What the host hands every parcel and sub-app, made of a test runtime; navigations are recorded. */
export function testHostServices(rt: Runtime = testRuntime()): HostServices & { navigations: string[] } {
  const navigations: string[] = [];
  return { ...hostServicesOf(rt, (path) => navigations.push(path)), navigations };
}
