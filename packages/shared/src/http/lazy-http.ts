import type { AxiosInstance } from 'axios';

/** The calls of the one axios instance that callers use: what a parcel, a sub-app or the shell sends. */
export type Http = Pick<
  AxiosInstance,
  | 'request'
  | 'get'
  | 'delete'
  | 'head'
  | 'options'
  | 'post'
  | 'put'
  | 'patch'
  | 'postForm'
  | 'putForm'
  | 'patchForm'
>;

const CALLS = [
  'request',
  'get',
  'delete',
  'head',
  'options',
  'post',
  'put',
  'patch',
  'postForm',
  'putForm',
  'patchForm',
] as const satisfies readonly (keyof Http)[];

/**
 * The instance's calls, made before the instance exists: the first call starts `load` (axios through the
 * import map, then the interceptors) and every call waits for it. A failed load fails that call and is
 * tried again by the next one.
 */
export function lazyHttp(load: () => Promise<AxiosInstance>): Http {
  let loading: Promise<AxiosInstance> | null = null;
  const instance = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const http = {} as Record<keyof Http, unknown>;
  for (const call of CALLS) {
    http[call] = (...args: unknown[]) =>
      instance().then((axios) => (axios[call] as (...a: unknown[]) => unknown)(...args));
  }
  return http as Http;
}
