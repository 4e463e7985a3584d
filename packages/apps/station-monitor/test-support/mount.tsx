/**
 * Test support of the station monitor (never imported by src/ outside tests): a fake of the console's
 * client answering like the reference server (docs/api.md), and the app mounted as the host mounts it.
 */
import {
  contextOf,
  createBus,
  type HostProps,
  type Http,
  HttpError,
  scopeOf,
  setLanguage,
} from '@ops/shared';
import { queryAllByRole, within } from '@testing-library/dom';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { byRole } from '../../../../test/support/dom';
import { testHostServices } from '../../../../test/support/runtime';
import { StationMonitor } from '../src/station-monitor';

export const HOUR = 3_600_000;

export interface Call {
  url: string;
  params: Record<string, unknown>;
}

/** Answers one URL's call from its params: the data (or a promise of it), or an Error to throw. */
export type Handler = (params: Record<string, unknown>) => unknown;

/** A fake of the console's client: answers by `routes` (404 for any other URL), recording each call. */
export function fakeClient(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const http = {
    async get(url: string, config: { params?: Record<string, unknown> } = {}) {
      const params = config.params ?? {};
      calls.push({ url, params });
      const route = routes[url];
      if (!route) throw new HttpError('response', 404, 404, '接口不存在', undefined);
      const data = await route(params);
      if (data instanceof Error) throw data;
      return { data: { code: 200, success: true, msg: '操作成功', data } };
    },
  } as unknown as Http;
  return { http, calls, callsTo: (url: string) => calls.filter((c) => c.url === url) };
}

/** A point's history from beginTime to endTime, one value an hour (`value(i)`); hours after now are predicted. */
export function hourlyHistory(params: Record<string, unknown>, value: (hour: number) => number) {
  const from = Number(params.beginTime);
  const to = Number(params.endTime);
  const now = Date.now();
  const points = Array.from({ length: Math.floor((to - from) / HOUR) + 1 }, (_, i) => ({
    ts: from + i * HOUR,
    val: value(i),
    isPredict: from + i * HOUR > now,
  }));
  return { realId: params.realId, name: '有功功率', unit: 'MW', points };
}

const mounted: { root: Root; container: HTMLElement }[] = [];

/** Renders into a container of its own on the page, until `cleanUp`. */
export function render(element: ReactElement) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  mounted.push({ root, container });
  flushSync(() => root.render(element));
  return { view: within(container), main: container, root };
}

/** Moves the page to `path` as the host's router does. */
export function go(path: string) {
  history.pushState(null, '', path);
  dispatchEvent(new PopStateEvent('popstate'));
}

/** Mounts the app at `path` with the host's props, the fake client and a recording `navigate`. */
export function mountAt(path: string, http: Http) {
  go(path);
  const navigations: string[] = [];
  const props: HostProps = {
    ...contextOf(testHostServices(), scopeOf(createBus()), new AbortController().signal),
    name: 'station-monitor',
    http,
    navigate: (to: string) => {
      navigations.push(to);
      go(to);
    },
  };
  const { view, main } = render(<StationMonitor {...props} />);
  return { view, main, navigations };
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

/** The body rows of the table of that caption. */
export const rowsOf = (main: HTMLElement, caption: string) =>
  queryAllByRole(byRole(main, 'table', caption)!, 'row').slice(1);

export const cellTexts = (row: HTMLElement) => queryAllByRole(row, 'cell').map((c) => c.textContent ?? '');
