import type { AxiosAdapter } from 'axios';
import type { Bus } from '../bus/bus';
import { bus as rootBus } from '../bus/root';
import { embeddedSiteConfig, type FetchLike, loadSiteConfig, type SiteConfig } from '../config';
import { createErrorLog, type ErrorLog } from '../error-log';
import { createHttpClient, type HttpClient, type TabMutex } from '../http';
import {
  createServerTextsLoader,
  hzLanguage,
  restoreLanguage,
  SERVER_TEXTS_URL,
  type ServerTexts,
  type ServerTextsLoader,
} from '../i18n';
import {
  createLockState,
  createSessionContext,
  createSessionStore,
  type LockChannel,
  type LockState,
  type SessionContext,
  type SessionStore,
} from '../session';
import { clearSignInTraces, loginPathAfterSignOut } from '../session/sign-out';
import { tokenAnswerEffects } from '../session/token-answer';
import { createSiteStorage, type SiteStorage } from '../storage';
import { KEYS } from '../storage/keys';

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export type Notifier = (kind: NoticeKind, text: string) => void;

/** Everything the console's packages share at run time, created once by `startRuntime`. */
export interface Runtime {
  readonly config: SiteConfig;
  readonly storage: SiteStorage;
  readonly session: SessionStore;
  /** The current session context (user, tenant, station): its signal aborts when it ends. */
  readonly sessionContext: SessionContext;
  readonly lock: LockState;
  /** The HTTP client: `api.http` is the one axios instance, `api.stream` the streamed call. */
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
   * The one sign-out, here and in every tab: asks the server to revoke the token (best effort; `revoke:
   * false` when the server already refused it), aborts calls in flight, and clears the session, the lock,
   * the sign-in flags and third-party sub-app sessions. Answers the login page to go to (spec §4:
   * `/login?tenantId=` of the source tenant when there is one).
   */
  signOut(options?: { revoke?: boolean }): Promise<string>;
}

/** The parts a runtime is made of; everything but the config has a browser default. */
export interface RuntimeParts {
  config: SiteConfig;
  bus?: Bus;
  /** Browser storage areas (tests pass in-memory ones). */
  local?: Storage;
  sessionArea?: Storage;
  /** The HTTP transport (tests pass a fake one). */
  adapter?: AxiosAdapter;
  fetch?: typeof globalThis.fetch;
  /** Tab-to-tab lock channel; null for none. */
  lockChannel?: LockChannel | null;
  lockAnswerWaitMs?: number;
  tabMutex?: TabMutex;
}

const consoleNotifier: Notifier = (kind, text) =>
  kind === 'error' ? console.error(text) : console.info(text);

/**
 * Makes a runtime of its parts, starting nothing: no timers, no listeners on other tabs, no global
 * error handlers (`startRuntime` starts those for the page). Tests build theirs with it over a fake
 * transport and in-memory storage.
 */
export function createRuntime(parts: RuntimeParts): Runtime {
  const { config } = parts;
  const bus = parts.bus ?? rootBus;
  const storage = createSiteStorage({
    prefix: config.storagePrefix,
    local: parts.local,
    session: parts.sessionArea,
  });
  const session = createSessionStore({ storage, bus });
  const sessionContext = createSessionContext(session.state$);
  const lock = createLockState({
    storage,
    account: () => session.get().userInfo?.account ?? '',
    channel: parts.lockChannel,
    answerWaitMs: parts.lockAnswerWaitMs,
  });
  const errorLog = createErrorLog({ storage, bus });

  let notifier: Notifier = consoleNotifier;
  const notify: Notifier = (kind, text) => notifier(kind, text);
  const clearLocal = () => {
    session.clear();
    lock.clear();
    clearSignInTraces(config.storagePrefix, [
      parts.local ?? globalThis.localStorage,
      parts.sessionArea ?? globalThis.sessionStorage,
    ]);
  };

  const api = createHttpClient({
    siteConfig: () => config,
    language: hzLanguage,
    session,
    sessionContext,
    notify: (kind, text) => notify(kind, text),
    onLogout: (reason, message) => {
      // Told before the session is cleared: clearing moves the page, and the dialog must offer a way
      // back to where the user was. The server already refused the token: nothing to revoke.
      const login = loginPathAfterSignOut(session.get());
      bus.publish('session:expired', {
        reason,
        message,
        path: `${location.pathname}${location.search}`,
        login,
      });
      clearLocal();
    },
    currentPath: () => location.pathname,
    onTokenAnswer: (answer) => {
      const { patch, loginUser } = tokenAnswerEffects(answer, location);
      if (Object.keys(patch).length) session.update(patch);
      if (loginUser) storage.set(KEYS.loginUser, loginUser);
    },
    onError: (error) => errorLog.reportHttpError(error),
    adapter: parts.adapter,
    fetch: parts.fetch,
    tabMutex: parts.tabMutex,
  });
  const serverTexts = createServerTextsLoader(async (prefix, language) => {
    // Cancellable per prefix: a newer language request replaces the one in flight (spec §8).
    const answer = await api.http.get<{ data: ServerTexts }>(SERVER_TEXTS_URL, {
      params: { prefix, language },
      cancellable: `i18n:${prefix}`,
    });
    return answer.data.data;
  });

  return {
    config,
    storage,
    session,
    sessionContext,
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
      const login = loginPathAfterSignOut(session.get());
      if (revoke && session.get().token) {
        try {
          await api.http.post('/api/blade-system/oauth/logout', undefined, { quietCodes: [401, 600] });
        } catch {
          // Revoking is best effort: the local session ends whatever the server says.
        }
      }
      api.abortAll('sign-out');
      clearLocal();
      return login;
    },
  };
}

export interface RuntimeOptions {
  fetch?: FetchLike;
  bus?: Bus;
}

let starting: Promise<Runtime> | null = null;

async function start(options: RuntimeOptions): Promise<Runtime> {
  const config = embeddedSiteConfig() ?? (await loadSiteConfig(options.fetch));
  restoreLanguage();
  const rt = createRuntime({ config, bus: options.bus });
  rt.session.listen();
  rt.errorLog.install();
  rt.api.startTokenAgeCheck();
  // Signed in, the first page must know whether another tab holds the screen locked; signed out there is
  // no lock to find, so the login page does not wait for other tabs to answer.
  if (rt.session.get().token) await rt.lock.ready;
  return rt;
}

/**
 * Loads the site config, restores the language, makes the runtime and starts it for this page (other
 * tabs followed, error log installed, token age check running). Called once by the root config, which
 * hands the runtime to the shell and a context made of it to every parcel and sub-app; later calls
 * share the result.
 */
export function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  starting ??= start(options).catch((error: unknown) => {
    starting = null;
    throw error;
  });
  return starting;
}
