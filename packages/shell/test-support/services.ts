import {
  currentLanguage,
  hostServicesOf,
  type Language,
  onLanguageChange,
  type Runtime,
  setLanguage,
} from '@ops/shared';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { testRuntime } from '../../../test/support/runtime';
import type { ShellServices } from '../src/shared/services';

/**
 * The shell's pages over the real runtime (session store, lock, HTTP client with its error catalogue)
 * whose transport is a table of routes, in memory storage. Records the calls, navigations and toasts.
 */
export interface FakeCall {
  method: string;
  url: string;
  params: Record<string, string>;
  body: Record<string, string>;
  headers: Record<string, string>;
}

export type Route = (call: FakeCall) => unknown;

/** An answer with an HTTP status other than 200 (the server's envelope as body). */
class Answer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/** A refused call as the server sends it: HTTP 400 with the envelope (`code`, `msg`, ...). */
export const failure = (data: { code?: number; msg?: string; [field: string]: unknown }, status = 400) =>
  new Answer(status, { success: false, ...data });

export const ok = (data: unknown) => ({ code: 200, success: true, msg: '操作成功', data });

function bodyOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const data = config.data;
  if (typeof data !== 'string' || data === '') return {};
  if (data.startsWith('{')) return JSON.parse(data);
  return Object.fromEntries(new URLSearchParams(data));
}

export function shellTestServices(routes: Record<string, Route>, lang: Language = 'zh') {
  const calls: FakeCall[] = [];
  const navigations: string[] = [];
  /** Full page loads to other addresses (sign-in providers). */
  const departures: string[] = [];
  const toasts: Array<[string, string]> = [];
  setLanguage(lang);
  const runtime: Runtime = testRuntime({
    adapter: async (config): Promise<AxiosResponse> => {
      const call: FakeCall = {
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        params: Object.fromEntries(
          Object.entries(config.params ?? {}).filter(([, v]) => v !== undefined),
        ) as Record<string, string>,
        body: bodyOf(config),
        headers: Object.fromEntries(Object.entries(config.headers.toJSON()).map(([k, v]) => [k, String(v)])),
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.url}`];
      // A route answers with a body, or returns or throws a `failure(...)` for an error status.
      const result = route
        ? await Promise.resolve()
            .then(() => route(call))
            .catch((thrown: unknown) => {
              if (thrown instanceof Answer) return thrown;
              throw thrown;
            })
        : failure({ code: 404, msg: `no route ${call.method} ${call.url}` }, 404);
      const [status, data] = result instanceof Answer ? [result.status, result.body] : [200, result];
      const response = { data, status, statusText: String(status), headers: {}, config };
      if (status >= 400) {
        const message = `Request failed with status code ${status}`;
        throw new AxiosError(message, AxiosError.ERR_BAD_REQUEST, config, {}, response);
      }
      return response;
    },
  });
  const note = (kind: string) => (text: string) => toasts.push([kind, text]);
  const notify = {
    success: note('success'),
    warning: note('warning'),
    error: note('error'),
    info: note('info'),
  };
  runtime.setNotifier((kind, text) => notify[kind](text));
  const services: ShellServices = {
    http: runtime.api.http,
    session: runtime.session,
    lock: runtime.lock,
    config: runtime.config,
    storage: runtime.storage,
    serverTexts: runtime.serverTexts,
    language: { current: currentLanguage, set: setLanguage, subscribe: onLanguageChange },
    navigate: (path) => navigations.push(path),
    leave: (url) => departures.push(url),
    signOut: () => runtime.signOut(),
    errorLog: runtime.errorLog,
    notify,
    bus: runtime.bus,
    host: hostServicesOf(runtime, (path) => navigations.push(path)),
    loadModule: (specifier) => Promise.reject(new Error(`no module ${specifier} in the shell's tests`)),
  };
  return { services, runtime, calls, navigations, departures, toasts, lock: runtime.lock };
}
