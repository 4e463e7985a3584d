import type { Bus } from '../bus/bus';
import { bus as rootBus } from '../bus/root';
import { embeddedSiteConfig, type FetchLike, loadSiteConfig, type SiteConfig } from '../config';
import { createErrorLog, type ErrorLog } from '../error-log';
import { createHttpClient, type HttpClient } from '../http';
import {
  createServerTextsLoader,
  hzLanguage,
  restoreLanguage,
  SERVER_TEXTS_URL,
  type ServerTexts,
  type ServerTextsLoader,
} from '../i18n';
import { createLockState, createSessionStore, type LockState, type SessionStore } from '../session';
import { createSiteStorage, type SiteStorage } from '../storage';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export type Notifier = (kind: NoticeKind, text: string) => void;

/** Everything the console's packages share at run time, created once by `startRuntime`. */
export interface Runtime {
  readonly config: SiteConfig;
  readonly storage: SiteStorage;
  readonly session: SessionStore;
  readonly lock: LockState;
  /** The HTTP client: `api.http` is the one axios instance. */
  readonly api: HttpClient;
  readonly errorLog: ErrorLog;
  /** Server translations by prefix (`serverTexts.load('menu.')`), fetched again on a language switch. */
  readonly serverTexts: ServerTextsLoader;
  readonly bus: Bus;
  /** Shows a message through the notifier the chrome registered (the console until then). */
  notify: Notifier;
  /** The chrome registers its toasts here; returns the function that unregisters them. */
  setNotifier(notifier: Notifier): () => void;
  /**
   * Ends the session here and in every tab: aborts calls in flight, asks the server to revoke the token
   * (best effort; `revoke: false` when the server already refused it), clears the session and the lock.
   */
  signOut(options?: { revoke?: boolean }): Promise<void>;
}

export interface RuntimeOptions {
  fetch?: FetchLike;
  bus?: Bus;
}

let current: Runtime | null = null;
let starting: Promise<Runtime> | null = null;

/** The started runtime; throws when called before `startRuntime` has finished. */
export function runtime(): Runtime {
  if (!current) throw new Error('The console runtime has not started: await startRuntime() first.');
  return current;
}

const consoleNotifier: Notifier = (kind, text) =>
  kind === 'error' ? console.error(text) : console.info(text);

async function create(options: RuntimeOptions): Promise<Runtime> {
  const bus = options.bus ?? rootBus;
  const config = embeddedSiteConfig() ?? (await loadSiteConfig(options.fetch));
  restoreLanguage();
  const storage = createSiteStorage({ prefix: config.storagePrefix });
  const session = createSessionStore({ storage, bus });
  session.listen();
  const lock = createLockState({ storage, account: () => session.get().userInfo?.account ?? '' });
  const errorLog = createErrorLog({ storage, bus });
  errorLog.install();

  let notifier: Notifier = consoleNotifier;
  const notify: Notifier = (kind, text) => notifier(kind, text);

  const api = createHttpClient({
    siteConfig: () => config,
    language: hzLanguage,
    session,
    notify: (kind, text) => notify(kind, text),
    onLogout: (reason, message) => {
      // Told before the session is cleared: clearing moves the page, and the dialog must offer a way
      // back to where the user was. The server already refused the token: nothing to revoke.
      bus.publish('session:expired', { reason, message, path: `${location.pathname}${location.search}` });
      session.clear();
      lock.clear();
    },
    currentPath: () => location.pathname,
    onError: (error) => errorLog.reportHttpError(error),
  });
  api.startTokenAgeCheck();
  const serverTexts = createServerTextsLoader(async (prefix, language) => {
    // Cancellable per prefix: a newer language request replaces the one in flight (spec §8).
    const answer = await api.http.get<{ data: ServerTexts }>(SERVER_TEXTS_URL, {
      params: { prefix, language },
      cancellable: `i18n:${prefix}`,
    });
    return answer.data.data;
  });
  // Signed in, the first page must know whether another tab holds the screen locked; signed out there is
  // no lock to find, so the login page does not wait for other tabs to answer.
  if (session.get().token) await lock.ready;

  return {
    config,
    storage,
    session,
    lock,
    api,
    errorLog,
    serverTexts,
    bus,
    notify,
    setNotifier(next) {
      notifier = next;
      return () => {
        if (notifier === next) notifier = consoleNotifier;
      };
    },
    async signOut({ revoke = true } = {}) {
      const signedIn = Boolean(session.get().token);
      if (revoke && signedIn) {
        try {
          await api.http.post('/api/blade-system/oauth/logout', undefined, { quietCodes: [401, 600] });
        } catch {
          // Revoking is best effort: the local session ends whatever the server says.
        }
      }
      api.abortAll('sign-out');
      session.clear();
      lock.clear();
    },
  };
}

/**
 * Loads the site config, restores the language, and creates storage, session, lock, error log and the
 * HTTP client (token age check running). Called once by the root config; later calls share the result.
 */
export function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  starting ??= create(options).then(
    (created) => {
      current = created;
      return created;
    },
    (error: unknown) => {
      starting = null;
      throw error;
    },
  );
  return starting;
}
