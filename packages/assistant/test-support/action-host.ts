// Test support of the action blocks (imported by tests only): the console's real HTTP client over a fake
// adapter answering like the reference server, and the context a block receives.
import { contextOf, createBus } from '@ops/shared';
import { AxiosError, type AxiosResponse } from 'axios';
import { testHostServices, testRuntime } from '../../../test/support/runtime';
import type { ActionBlockProps, ActionHost } from '../src/actions/types';
import type { ExtraItem } from '../src/chunks';

export interface SeenCall {
  url: string;
  params: Record<string, unknown>;
}

/** What the fake server answers: an envelope (HTTP 200), or a refusal with its status and message. */
export type Reply = { data: unknown } | { status: number; msg: string } | Promise<never>;

export const MEDIA_ORIGIN = 'https://media.example.com';

/** A history_data item as the reference responder sends it. */
export const HISTORY_ITEM: ExtraItem = {
  func: 'history_data',
  station_name: '飞来峡水电站',
  device_name: '1号机组',
  attrName: '有功功率',
  beginTime: '2026-11-27 00:00:00',
  endTime: '2026-11-28 00:00:00',
  params: { realId: 'HS0001.G1.P' },
};

/** A host whose calls `answer` replies to (recorded in `calls`); `end()` ends the mount's signal. */
export function actionHost(answer: (call: SeenCall) => Reply) {
  const calls: SeenCall[] = [];
  const runtime = testRuntime({
    adapter: async (config) => {
      const call = { url: config.url ?? '', params: { ...(config.params ?? {}) } };
      calls.push(call);
      const reply = await answer(call);
      const status = 'status' in reply ? reply.status : 200;
      const body =
        'status' in reply
          ? { code: reply.status, success: false, msg: reply.msg, data: null }
          : { code: 200, success: true, msg: 'ok', data: reply.data };
      const response: AxiosResponse = { data: body, status, statusText: String(status), headers: {}, config };
      if (status >= 400)
        throw new AxiosError(
          `Request failed with status code ${status}`,
          'ERR_BAD_REQUEST',
          config,
          {},
          response,
        );
      return response;
    },
  });
  const ended = new AbortController();
  const context = contextOf(testHostServices(runtime), createBus().scope(), ended.signal);
  const host: ActionHost = { ...context, config: { ...context.config, mediaOrigins: [MEDIA_ORIGIN] } };
  return {
    calls,
    host,
    end: () => ended.abort(),
    props: (item: ExtraItem): ActionBlockProps => ({ item, ctx: { host, choose: () => {}, busy: false } }),
  };
}
