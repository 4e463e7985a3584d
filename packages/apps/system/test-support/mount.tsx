/**
 * Test support of the system sub-app (never imported by src/ outside tests): a fake of the console's
 * client answering like the reference server (docs/api.md), and the app mounted as the host mounts it,
 * with the button permissions the test grants.
 */
import {
  contextOf,
  createBus,
  type Http,
  HttpError,
  type SessionState,
  type SessionView,
  type SubAppProps,
  scopeOf,
  setLanguage,
} from '@ops/shared';
import { fireEvent, within } from '@testing-library/dom';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { BehaviorSubject } from 'rxjs';
import { waitFor } from '../../../../test/support/dom';
import { testHostServices } from '../../../../test/support/runtime';
import { BUTTONS } from '../src/permissions';
import { SystemApp } from '../src/system';

export interface Call {
  method: 'GET' | 'POST';
  url: string;
  params: Record<string, unknown>;
  body: unknown;
  /** The statuses the caller shows itself (the client's `quietCodes`). */
  quietCodes?: readonly number[];
}

/** Answers one call: the data (or a promise of it), or an Error to throw. */
export type Handler = (call: Call) => unknown;

/** A refusal as the server sends it (the envelope's `msg`), for a handler to return. */
export const refusal = (status: number, msg: string) =>
  new HttpError('response', status, status, msg, undefined);

interface CallConfig {
  params?: Record<string, unknown>;
  quietCodes?: readonly number[];
}

/**
 * A fake of the console's client: answers `METHOD url` by `routes` (404 otherwise), recording each call.
 * As the client does, a refusal whose status the call's `quietCodes` name is rejected quietly
 * (`whitelisted`: nothing toasted, the caller shows it).
 */
export function fakeClient(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const answer = async (call: Call, quietCodes: readonly number[] = []) => {
    calls.push(call);
    const route = routes[`${call.method} ${call.url}`];
    if (!route) throw refusal(404, '接口不存在');
    const data = await route(call);
    if (data instanceof HttpError && data.kind === 'response' && quietCodes.includes(data.status))
      throw new HttpError('whitelisted', data.status, data.code, data.msg, undefined);
    if (data instanceof Error) throw data;
    return { data: { code: 200, success: true, msg: '操作成功', data } };
  };
  const http = {
    get: (url: string, config: CallConfig = {}) =>
      answer({ method: 'GET', url, params: config.params ?? {}, body: undefined }, config.quietCodes),
    post: (url: string, body: unknown, config: CallConfig = {}) =>
      answer({ method: 'POST', url, params: config.params ?? {}, body }, config.quietCodes),
  } as unknown as Http;
  const callsTo = (method: Call['method'], url: string) =>
    calls.filter((c) => c.method === method && c.url === url);
  return { http, calls, callsTo };
}

/** Every button permission of the system pages. */
export const ALL_BUTTONS: Record<string, boolean> = Object.fromEntries(
  Object.values(BUTTONS).map((code) => [code, true]),
);

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Moves the page to `path` as the host's router does. */
export function go(path: string) {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * Mounts the app at `path` with the fake client and the given button permissions (default: all), and
 * any other session fields the test sets (`{ tenantId: '100001' }`).
 */
export function mountAt(
  path: string,
  http: Http,
  permission: Record<string, boolean> = ALL_BUTTONS,
  fields: Partial<SessionState> = {},
) {
  go(path);
  const navigations: string[] = [];
  const base = contextOf(testHostServices(), scopeOf(createBus()), new AbortController().signal);
  const state$ = new BehaviorSubject({ ...base.session.get(), ...fields, permission });
  const session: SessionView = { get: () => state$.value, state$ };
  const container = document.createElement('div');
  document.body.append(container);
  const props: SubAppProps = {
    ...base,
    mainView: container,
    name: 'system',
    http,
    session,
    navigate: (to: string) => {
      navigations.push(to);
      go(to);
    },
    page: { setTitle: () => {} },
  };
  const root = createRoot(container);
  mounted.push({ root, container });
  flushSync(() => root.render(<SystemApp {...props} />));
  return { view: within(container), main: container, navigations, permissions: state$ };
}

/** Unmounts what the test rendered and puts the language and the address back. */
export function cleanUp(initialPath: string) {
  for (const { root, container } of mounted.splice(0)) {
    root.unmount();
    container.remove();
  }
  setLanguage('zh');
  history.replaceState(null, '', initialPath);
}

/** The open dialog of that label (the form dialogs and the confirmations are Shoelace dialogs). */
export const openDialog = (label: string) =>
  waitFor(() =>
    [...document.querySelectorAll<HTMLElement>('sl-dialog[open]')].find(
      (d) => d.getAttribute('label') === label,
    ),
  ).then((d) => within(d));

/** Types a value into a text box as a person would (one input event). */
export const type = (input: HTMLElement, value: string) => fireEvent.input(input, { target: { value } });
