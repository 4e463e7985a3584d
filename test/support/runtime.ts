import {
  type Bus,
  createBus,
  createErrorLog,
  createHttpClient,
  createLockState,
  createServerTextsLoader,
  createSessionStore,
  createSiteStorage,
  MemoryStorage,
  type Notifier,
  parseSiteConfig,
  type Runtime,
} from '@ops/shared';

/**
 * A runtime made of the real shared pieces over in-memory storage, for component tests of packages that
 * receive one. Calls go to `adapter` (by default every call fails as a network error).
 */
export function testRuntime(
  options: { bus?: Bus; adapter?: Parameters<typeof createHttpClient>[0]['adapter'] } = {},
): Runtime {
  const bus = options.bus ?? createBus();
  const config = parseSiteConfig({ aesKey: 'Hz6Q2pRt8LwX4vNb', storagePrefix: 'test-' });
  const storage = createSiteStorage({
    prefix: config.storagePrefix,
    local: new MemoryStorage(),
    session: new MemoryStorage(),
  });
  const session = createSessionStore({ storage });
  const lock = createLockState({
    storage,
    account: () => session.get().userInfo?.account ?? '',
    channel: null,
    answerWaitMs: 0,
  });
  const errorLog = createErrorLog({ storage });
  let notifier: Notifier = () => undefined;
  const api = createHttpClient({
    siteConfig: () => config,
    language: () => 'zh_CN',
    session,
    notify: (kind, text) => notifier(kind, text),
    onLogout: () => session.clear(),
    currentPath: () => location.pathname,
    adapter:
      options.adapter ??
      (async (config) => {
        throw Object.assign(new Error('Network Error'), { code: 'ERR_NETWORK', config, isAxiosError: true });
      }),
  });
  return {
    config,
    storage,
    session,
    lock,
    api,
    errorLog,
    serverTexts: createServerTextsLoader(async () => ({})),
    bus,
    notify: (kind, text) => notifier(kind, text),
    setNotifier(next) {
      notifier = next;
      return () => undefined;
    },
    async signOut() {
      session.clear();
      lock.clear();
    },
  };
}
