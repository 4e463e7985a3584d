import { type AxiosAdapter, AxiosError, type AxiosResponse, CanceledError } from 'axios';

/** Test support only: an axios adapter answering from a function, so tests see every call on the wire. */
export interface FakeCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  data: unknown;
  timeout: number;
  withCredentials: boolean;
}

export type FakeReply =
  | { status: number; data?: unknown; delayMs?: number }
  | { network: 'timeout' | 'offline' }
  | { hang: true };

export function fakeTransport(answer: (call: FakeCall) => FakeReply | Promise<FakeReply>) {
  const calls: FakeCall[] = [];
  const adapter: AxiosAdapter = (config) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      const headers = Object.fromEntries(
        Object.entries(config.headers.toJSON()).map(([k, v]) => [k, String(v)]),
      ) as Record<string, string>;
      let data: unknown = config.data;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data);
        } catch {
          // Not JSON: keep the text.
        }
      }
      const call: FakeCall = {
        method: (config.method ?? 'get').toUpperCase(),
        url: config.url ?? '',
        headers,
        data,
        timeout: config.timeout ?? 0,
        withCredentials: !!config.withCredentials,
      };
      calls.push(call);
      const signal = config.signal as AbortSignal | undefined;
      const onAbort = () => reject(new CanceledError(undefined, undefined, config));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      Promise.resolve()
        .then(() => answer(call))
        .then(async (reply) => {
          if ('hang' in reply) return;
          if ('network' in reply) {
            const code = reply.network === 'timeout' ? 'ECONNABORTED' : 'ERR_NETWORK';
            reject(new AxiosError(reply.network, code, config, {}));
            return;
          }
          if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
          if (signal?.aborted) return;
          const response: AxiosResponse = {
            data: reply.data,
            status: reply.status,
            statusText: String(reply.status),
            headers: {},
            config,
            request: {},
          };
          const valid = config.validateStatus ? config.validateStatus(reply.status) : true;
          if (valid) resolve(response);
          else {
            const code = reply.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST';
            reject(
              new AxiosError(`Request failed with status code ${reply.status}`, code, config, {}, response),
            );
          }
        });
    });
  return { adapter, calls };
}

/** A token server like the reference one: rotating refresh tokens, reuse of a spent one revokes all. */
export function tokenServer(options: { refreshDelayMs?: number; refuseRefresh?: boolean } = {}) {
  let generation = 1;
  let access = 'a1';
  let refresh = 'r1';
  let revoked = false;
  const spent = new Set<string>();
  const transport = fakeTransport((call) => {
    if (call.url.endsWith('/oauth/token')) {
      const given = (call.data as { refresh_token?: string }).refresh_token ?? '';
      if (options.refuseRefresh || revoked || given !== refresh) {
        if (spent.has(given)) revoked = true;
        return {
          status: 401,
          data: {
            code: 600,
            success: false,
            msg: 'refresh token invalid',
            error_description: 'refresh token invalid',
          },
          delayMs: options.refreshDelayMs ?? 5,
        };
      }
      spent.add(given);
      generation += 1;
      access = `a${generation}`;
      refresh = `r${generation}`;
      return {
        status: 200,
        data: {
          access_token: access,
          refresh_token: refresh,
          hz_access_token: `h${generation}`,
          token_type: 'bearer',
        },
        delayMs: options.refreshDelayMs ?? 5,
      };
    }
    if (revoked || call.headers['Blade-Auth'] !== `bearer ${access}`) {
      return { status: 401, data: { code: 600, success: false, msg: 'token invalid', data: null } };
    }
    return { status: 200, data: { code: 200, success: true, msg: 'ok', data: call.url } };
  });
  return {
    ...transport,
    get access() {
      return access;
    },
    get refresh() {
      return refresh;
    },
    refreshCalls: () => transport.calls.filter((c) => c.url.endsWith('/oauth/token')),
    apiCalls: () => transport.calls.filter((c) => !c.url.endsWith('/oauth/token')),
  };
}
