import { createHttpClient, type HttpClientDeps } from '../../src/http/client';
import { localMutex, type TabMutex } from '../../src/http/tab-mutex';
import type { HzLanguage } from '../../src/i18n/language';
import {
  createSessionContext,
  createSessionStore,
  type SessionContext,
  type SessionStore,
} from '../../src/session';
import { type Clock, systemClock } from '../../src/session/clock';
import { createSiteStorage } from '../../src/storage';
import { MemoryStorage } from '../memory-storage';
import type { fakeTransport } from './fake-transport';

/**
 * Test support only: a client over a fake transport (or, with no adapter, the browser's own), with
 * everything it shows or does recorded.
 */
export function clientFor(
  transport: Partial<Pick<ReturnType<typeof fakeTransport>, 'adapter'>>,
  options: {
    path?: string;
    language?: HzLanguage;
    local?: Storage;
    clock?: Clock;
    mutex?: TabMutex;
    whitelist?: number[];
    signedIn?: boolean;
    session?: SessionStore;
    onLogout?: HttpClientDeps['onLogout'];
    fetch?: typeof fetch;
    /** The session context the client follows: by default one over the session, as the runtime passes. */
    sessionContext?: Pick<SessionContext, 'ended$'> | null;
    loadAxios?: HttpClientDeps['loadAxios'];
    onTokenAnswer?: HttpClientDeps['onTokenAnswer'];
  } = {},
) {
  const storage = createSiteStorage({
    prefix: 'saber-',
    local: options.local ?? new MemoryStorage(),
    session: new MemoryStorage(),
  });
  const session =
    options.session ??
    createSessionStore({ storage, clock: options.clock, target: new EventTarget() as Window });
  if (options.signedIn !== false && !options.session) {
    session.setTokens({
      access_token: 'a0',
      refresh_token: 'r1',
      hz_access_token: 'h0',
      tenant_id: '100001',
    });
  }
  const seen = {
    notes: [] as { kind: string; message: string; key?: string }[],
    logouts: [] as { reason: string; message: string }[],
    logs: [] as string[],
    errors: [] as unknown[],
    path: options.path ?? '/index',
    language: options.language ?? ('zh_CN' as HzLanguage),
  };
  const sessionContext =
    options.sessionContext === undefined
      ? createSessionContext(session.state$)
      : (options.sessionContext ?? undefined);
  const client = createHttpClient({
    siteConfig: () => ({ clientId: 'saber', clientSecret: 'saber_secret' }),
    language: () => seen.language,
    session,
    sessionContext,
    notify: (kind, message, key) => seen.notes.push({ kind, message, key }),
    onLogout: (reason, message) => {
      seen.logouts.push({ reason, message });
      options.onLogout?.(reason, message);
    },
    currentPath: () => seen.path,
    onError: (error) => seen.errors.push(error),
    adapter: transport.adapter,
    fetch: options.fetch,
    clock: options.clock ?? systemClock,
    tabMutex: options.mutex ?? localMutex(),
    whitelist: options.whitelist,
    log: (message) => seen.logs.push(message),
    loadAxios: options.loadAxios,
    onTokenAnswer: options.onTokenAnswer,
  });
  return { client, session, storage, seen, sessionContext };
}

export const outcome = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
