import axios, { type InternalAxiosRequestConfig } from 'axios';
import type { Language, LockLike, SessionLike, SessionStateLike, ShellServices } from '../services';

/** Test doubles of the services: a routed fake transport, an in-memory session and lock. */
export interface FakeCall {
  method: string;
  url: string;
  params: Record<string, string>;
  body: Record<string, string>;
  headers: Record<string, string>;
}

export type Route = (call: FakeCall) => unknown;

/** Rejects like the shared client: a typed failure with the body (`kind` 'whitelisted', 'conflict', ...). */
export const failure = (kind: string, data: unknown, msg = '') => ({ kind, msg, data, status: 400 });

function bodyOf(config: InternalAxiosRequestConfig): Record<string, string> {
  const data = config.data;
  if (typeof data !== 'string' || data === '') return {};
  if (data.startsWith('{')) return JSON.parse(data);
  return Object.fromEntries(new URLSearchParams(data));
}

export function fakeServices(routes: Record<string, Route>, lang: Language = 'zh') {
  const calls: FakeCall[] = [];
  const http = axios.create({
    adapter: async (config) => {
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
      if (!route) throw failure('response', { code: 404, msg: `no route ${call.method} ${call.url}` });
      const data = await route(call);
      return { data, status: 200, statusText: 'OK', headers: {}, config };
    },
  });
  let state: SessionStateLike = {
    token: '',
    hzToken: '',
    refreshToken: '',
    tenantId: '',
    sourceTenantId: '',
    userInfo: null,
    permission: {},
    roles: [],
  };
  const session: SessionLike = {
    get: () => state,
    update: (patch) => {
      state = { ...state, ...patch };
    },
    setTokens: (grant) => {
      state = {
        ...state,
        token: grant.access_token,
        refreshToken: grant.refresh_token ?? '',
        hzToken: grant.hz_access_token ?? '',
        tenantId: grant.tenant_id ?? state.tenantId,
      };
    },
    clear: () => {
      state = {
        ...state,
        token: '',
        hzToken: '',
        refreshToken: '',
        userInfo: null,
        permission: {},
        roles: [],
      };
    },
  };
  let lockPassword = '';
  let locked = false;
  const lock: LockLike & { cleared: number } = {
    cleared: 0,
    isLocked: () => locked,
    hasPassword: () => lockPassword !== '',
    lock: async (password) => {
      if (password) lockPassword = password;
      if (!lockPassword) throw new Error('A lock password is required');
      locked = true;
    },
    unlock: async (password) => {
      if (password !== lockPassword) return false;
      locked = false;
      return true;
    },
    clear: () => {
      lock.cleared++;
      lockPassword = '';
      locked = false;
    },
  };
  let current = lang;
  const navigations: string[] = [];
  const toasts: Array<[string, string]> = [];
  const note = (kind: string) => (text: string) => toasts.push([kind, text]);
  const services: ShellServices = {
    http,
    session,
    lock,
    config: { title: '运维控制台', lockPage: '/lock', aesKey: 'Hz6Q2pRt8LwX4vNb', storagePrefix: 'test-' },
    language: { current: () => current, set: (next) => (current = next) },
    navigate: (path) => navigations.push(path),
    notify: { success: note('success'), warning: note('warning'), error: note('error'), info: note('info') },
  };
  return { services, calls, navigations, toasts, lock };
}

export const ok = (data: unknown) => ({ code: 200, success: true, msg: '操作成功', data });
