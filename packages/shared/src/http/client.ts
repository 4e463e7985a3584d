import type {
  AxiosAdapter,
  AxiosError,
  AxiosInstance,
  AxiosRequestConfig,
  AxiosResponse,
  AxiosStatic,
  InternalAxiosRequestConfig,
} from 'axios';
import './axios-config';
import type { HzLanguage } from '../i18n/language';
import { type Clock, systemClock } from '../session/clock';
import type { SessionContext } from '../session/context';
import type { SessionState } from '../session/state';
import { DEFAULT_TOKEN_TIME_SEC, startTokenAgeCheck } from '../session/token-age';
import { createBurstGate } from './burst';
import { bodyCode, decide, isUnauthorized, serverMessage } from './catalogue';
import { HttpError, type HttpErrorKind } from './errors';
import { cancelKind, createInFlight } from './in-flight';
import { type Http, lazyHttp } from './lazy-http';
import { isTokenEndpoint, prepareFetch, prepareRequest, type RequestSessionView } from './prepare';
import { type RefreshSession, refreshTokens } from './refresh';
import { createRefreshGate } from './refresh-gate';
import type { PlainAnswer, StreamDeps, StreamRequest, StreamResult } from './stream';
import type { TabMutex } from './tab-mutex';
import { type HttpTextKey, httpText } from './texts';

export type NotifyKind = 'error' | 'warning';
/** token-invalid: 401 with code 600; unauthorized: any other 401; refresh-failed: the server refused it. */
export type LogoutReason = 'token-invalid' | 'unauthorized' | 'refresh-failed';

type SessionView = RequestSessionView & Pick<SessionState, 'refreshToken' | 'tokenTime'>;

export interface HttpSession extends RefreshSession {
  get(): SessionView;
}

export interface HttpClientDeps {
  siteConfig: () => { clientId: string; clientSecret: string; tokenTime?: number };
  language: () => HzLanguage;
  session: HttpSession;
  /**
   * When given, the end of a session context (logout, tenant or station switch) aborts every call and
   * stream in flight; a call that was waiting on a refresh meanwhile is canceled rather than sent into the
   * new context.
   */
  sessionContext?: Pick<SessionContext, 'ended$'>;
  /** Shows a message to the user; `key` is the i18n key when the text is the client's own. */
  notify: (kind: NotifyKind, message: string, key?: HttpTextKey) => void;
  /** Signs out (server revoke, clear, go to login): called once per lost session. */
  onLogout: (reason: LogoutReason, message: string) => void;
  /** The route path the user is on (`/login`, `/authorization`, ...). */
  currentPath: () => string;
  /** Every failed call except cancellations and codes the caller handles: the error log's hook. */
  onError?: (error: HttpError) => void;
  /**
   * Every successful answer of the token endpoint (each sign-in mode and the refresh), before its caller
   * sees it: the one place the session learns what a token answer brings besides tokens (the data-auth key).
   */
  onTokenAnswer?: (answer: Record<string, unknown>) => void;
  /** Body codes rejected to the caller without a message, for every call. */
  whitelist?: readonly number[];
  baseURL?: string;
  /** The transport; tests pass a fake one. */
  adapter?: AxiosAdapter;
  /** The transport of `stream()` (default: the global fetch); tests pass a fake one. */
  fetch?: typeof fetch;
  clock?: Clock;
  tabMutex?: TabMutex;
  /** Console output ('Request canceled', 'Request error'). */
  log?: (message: string, detail?: unknown) => void;
  refreshUrl?: string;
  /** Loads axios (default: `import('axios')` through the import map, on the first call). */
  loadAxios?: () => Promise<AxiosStatic>;
}

export interface HttpClient {
  /**
   * The one axios instance's calls: `http.get(...)`, `http.post(...)`. Axios itself is loaded with the
   * first call, so a page that paints before it talks to the server does not wait for it.
   */
  readonly http: Http;
  /** Refreshes the tokens; concurrent callers share one refresh. */
  refresh(): Promise<void>;
  isRefreshing(): boolean;
  /**
   * A streamed call (server-sent events, e.g. the assistant's chat completions): the same headers, refresh
   * on 401, error catalogue, typed errors and aborts as `http`. Resolves when the stream ends.
   */
  stream(request: StreamRequest): Promise<StreamResult>;
  /** Aborts every call and stream in flight (logout, tenant or station switch). */
  abortAll(reason?: string): void;
  /** Starts the 10 s token age check (token time from the site config, 3000 s by default). */
  startTokenAgeCheck(): () => void;
  inFlight(): number;
  dispose(): void;
}

export { DEFAULT_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from './prepare';

interface CallMeta {
  end: () => void;
  callerSignal: AbortSignal | undefined;
}

const NETWORK_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT', 'ERR_NETWORK']);

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const { session } = deps;
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? ((message: string, detail?: unknown) => console.info(message, detail ?? ''));
  const loadAxios = deps.loadAxios ?? (() => import('axios').then((module) => module.default as AxiosStatic));
  const http = lazyHttp(() => loadAxios().then(configure));
  const inFlight = createInFlight();
  const metas = new WeakMap<object, CallMeta>();
  const networkBurst = createBurstGate(clock);
  const loggedOut = new Set<string>();
  // The tabs' refresh lock loads with the first refresh: a sign-in page never needs it.
  let defaultMutex: Promise<TabMutex> | null = null;
  const mutex: TabMutex = deps.tabMutex ?? {
    async run(name, task) {
      defaultMutex ??= import('./tab-mutex').then(
        (module) => module.defaultTabMutex('ops-', clock),
        (error: unknown) => {
          defaultMutex = null;
          throw error;
        },
      );
      return (await defaultMutex).run(name, task);
    },
  };
  const text = (key: HttpTextKey) => httpText(key, deps.language());
  /** Moves on every abort of everything: a call that waited through one belongs to an ended context. */
  let epoch = 0;
  const abortEverything = (reason: string, keepRefresh = false) => {
    epoch += 1;
    inFlight.abortAll(reason, keepRefresh);
  };

  const report = (error: HttpError) => {
    try {
      deps.onError?.(error);
    } catch {
      // The error log must never break a call.
    }
  };

  const notifyNetwork = () => {
    if (networkBurst()) deps.notify('error', text('http.network'), 'http.network');
  };

  const logoutOnce = (reason: LogoutReason, key: string, message: string) => {
    if (loggedOut.has(key)) return;
    loggedOut.add(key);
    abortEverything('logout');
    if (message) deps.notify('error', message);
    deps.onLogout(reason, message);
  };

  const gate = createRefreshGate(async () => {
    const startedWith = session.get().refreshToken;
    try {
      await refreshTokens({ http, session, mutex, url: deps.refreshUrl });
    } catch (cause) {
      const error =
        cause instanceof HttpError ? cause : new HttpError('unauthorized', 0, undefined, '', undefined);
      if (error.kind === 'network' || error.kind === 'timeout') notifyNetwork();
      else if (error.kind !== 'canceled') {
        logoutOnce('refresh-failed', `refresh:${startedWith}`, error.msg || text('http.sessionExpired'));
      }
      throw error;
    }
  });

  const release = (config: InternalAxiosRequestConfig | undefined): CallMeta | undefined => {
    const meta = config ? metas.get(config) : undefined;
    meta?.end();
    return meta;
  };

  const retry = (config: InternalAxiosRequestConfig, meta: CallMeta | undefined) =>
    http.request({ ...config, opsRetried: true, signal: meta?.callerSignal });

  /** Waits for a refresh in progress; its failure (already shown) fails the call as 'refresh-failed'. */
  const refreshed = async (config: AxiosRequestConfig) => {
    const pending = gate.current();
    if (!pending) return;
    try {
      await pending;
    } catch {
      throw new HttpError('refresh-failed', 0, undefined, '', config);
    }
  };

  /**
   * A failed answer through the error catalogue (spec §8): 'retry' once the tokens are new (a 401 on a
   * call sent with a token: one refresh through the gate), else the typed error, thrown after the message,
   * logout and report the catalogue asks for. Shared by axios calls and streams.
   */
  const settle = async (answer: PlainAnswer & { refreshCall?: boolean }): Promise<'retry' | 'ok'> => {
    const { status, data, config } = answer;
    const code = bodyCode(data);
    const unauthorized = isUnauthorized(status, code);
    const msg = serverMessage(data);
    const typed = (kind: HttpErrorKind) => new HttpError(kind, status, code ?? status, msg, config, data);

    if (answer.refreshCall) {
      const error = typed(unauthorized ? 'unauthorized' : 'response');
      report(error);
      throw error;
    }
    if (unauthorized && !answer.retried && answer.sentToken) {
      const current = session.get();
      if (current.token && current.token !== answer.sentToken) return 'retry';
      if (current.refreshToken) {
        try {
          await gate.run();
        } catch {
          throw typed('refresh-failed');
        }
        return 'retry';
      }
    }

    const whitelist = [...(deps.whitelist ?? []), ...(answer.quietCodes ?? [])];
    const outcome = decide({ status, code, path: deps.currentPath(), whitelist });
    switch (outcome.action) {
      case 'ok':
        return 'ok';
      case 'conflict':
        throw typed('conflict');
      case 'quiet':
        throw typed(unauthorized ? 'unauthorized' : 'whitelisted');
      case 'message': {
        const error = typed(unauthorized ? 'unauthorized' : 'response');
        if (msg) deps.notify('error', msg);
        else deps.notify('error', text('http.unknown'), 'http.unknown');
        report(error);
        throw error;
      }
      case 'logout': {
        const error = typed('unauthorized');
        const reason: LogoutReason = outcome.message ? 'unauthorized' : 'token-invalid';
        const shown = outcome.message ? msg || text('http.unauthorized') : '';
        logoutOnce(reason, `token:${answer.sentToken}`, shown);
        report(error);
        throw error;
      }
    }
  };

  const fail = async (
    config: InternalAxiosRequestConfig,
    meta: CallMeta | undefined,
    response: AxiosResponse,
  ): Promise<AxiosResponse> => {
    const next = await settle({
      status: response.status,
      data: response.data,
      config,
      sentToken: config.opsSentToken ?? '',
      retried: !!config.opsRetried,
      refreshCall: config.refreshCall,
      quietCodes: config.quietCodes,
    });
    return next === 'retry' ? retry(config, meta) : response;
  };

  /** The axios instance with the console's interceptors, made once axios has loaded. */
  function configure(axios: AxiosStatic): AxiosInstance {
    const instance = axios.create({
      baseURL: deps.baseURL,
      withCredentials: true,
      adapter: deps.adapter,
      // The console signs its calls with headers (spec §3), never an XSRF cookie. Left on, axios reads the
      // cookie before every same-origin call through the async Cookie Store: a round trip to the browser
      // that held calls back 50-100 ms while the chrome loaded (menu/routes after 登 录).
      withXSRFToken: false,
    });
    instance.interceptors.request.use(async (config) => {
      if (!config.refreshCall) {
        // A retry keeps the epoch of its first attempt.
        config.opsEpoch ??= epoch;
        await refreshed(config);
        if (config.opsEpoch !== epoch) {
          log('Request canceled', config.url);
          throw new HttpError('canceled', 0, undefined, 'Request canceled', config);
        }
      }
      prepareRequest(config, session.get(), deps.siteConfig(), deps.language());
      const callerSignal = (config.signal as AbortSignal | undefined) ?? undefined;
      const { signal, end } = inFlight.begin(
        cancelKind(config.cancellable, config.method, config.url),
        callerSignal,
        !!config.refreshCall,
      );
      config.signal = signal;
      metas.set(config, { end, callerSignal });
      return config;
    });

    instance.interceptors.response.use(
      (response) => {
        const meta = release(response.config);
        const data: unknown = response.data;
        if (!data || typeof data !== 'object' || data instanceof Blob || data instanceof ArrayBuffer)
          return response;
        const whitelist = [...(deps.whitelist ?? []), ...(response.config.quietCodes ?? [])];
        const outcome = decide({
          status: response.status,
          code: bodyCode(data),
          path: deps.currentPath(),
          whitelist,
        });
        if (outcome.action !== 'ok') return fail(response.config, meta, response);
        if (isTokenEndpoint(response.config.url)) deps.onTokenAnswer?.(data as Record<string, unknown>);
        return response;
      },
      async (cause: AxiosError | HttpError) => {
        if (cause instanceof HttpError) throw cause;
        const config = cause.config;
        const meta = release(config);
        if (axios.isCancel(cause) || cause.code === 'ERR_CANCELED') {
          log('Request canceled', config?.url);
          throw new HttpError('canceled', 0, undefined, 'Request canceled', config);
        }
        if (!cause.response || !config) {
          const timeout = cause.code === 'ECONNABORTED' || cause.code === 'ETIMEDOUT';
          const error = new HttpError(timeout ? 'timeout' : 'network', 0, undefined, cause.message, config);
          if (!NETWORK_CODES.has(cause.code ?? '')) log('Request error', cause);
          else if (!config?.refreshCall) notifyNetwork();
          report(error);
          throw error;
        }
        return fail(config, meta, cause.response);
      },
    );

    return instance;
  }

  // The user stays signed in through a station switch: the token refresh in flight goes on.
  const contextWatch = deps.sessionContext?.ended$.subscribe((reason) =>
    abortEverything(`session context ended: ${reason}`, reason === 'station-switch'),
  );

  const streamDeps: StreamDeps = {
    fetch: (input, init) => (deps.fetch ?? globalThis.fetch)(input, init),
    clock,
    inFlight,
    epoch: () => epoch,
    refreshed,
    prepare: (request) =>
      prepareFetch(request, session.get(), deps.siteConfig(), deps.language(), deps.baseURL),
    settle,
    lost(kind, config, message) {
      if (kind === 'canceled') {
        log('Request canceled', config.url);
        return new HttpError('canceled', 0, undefined, 'Request canceled', config);
      }
      const error = new HttpError(kind, 0, undefined, message, config);
      notifyNetwork();
      report(error);
      return error;
    },
  };
  // The streamed call's code loads with the first stream (the assistant's): no sign-in page needs it.
  let streamCall: Promise<(request: StreamRequest) => Promise<StreamResult>> | null = null;
  const stream = async (request: StreamRequest) => {
    streamCall ??= import('./stream-call').then(
      (module) => module.createStream(streamDeps),
      (error: unknown) => {
        streamCall = null;
        throw error;
      },
    );
    return (await streamCall)(request);
  };

  return {
    http,
    refresh: () => gate.run(),
    isRefreshing: () => gate.active(),
    stream,
    abortAll: (reason = 'aborted') => abortEverything(reason),
    startTokenAgeCheck: () =>
      startTokenAgeCheck({
        session,
        clock,
        refresh: () => gate.run(),
        isRefreshing: () => gate.active(),
        tokenTimeSec: deps.siteConfig().tokenTime ?? DEFAULT_TOKEN_TIME_SEC,
      }),
    inFlight: () => inFlight.size(),
    dispose: () => contextWatch?.unsubscribe(),
  };
}
