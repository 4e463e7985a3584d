/**
 * Test support of the assistant (never imported by src/): the dialog over the console's real runtime (HTTP
 * client and bus), the server's calls answered by a fake adapter and each stream driven by the test.
 */
import {
  contextOf,
  createBus,
  type ErrorLogEntry,
  type HostProps,
  KEYS,
  type RemoteControlRequest,
  type StreamRequest,
} from '@ops/shared';
import { fireEvent } from '@testing-library/dom';
import { createRoot, type Root } from 'react-dom/client';
import { byRole, waitFor } from '../../../test/support/dom';
import { testHostServices, testRuntime } from '../../../test/support/runtime';
import { ASSISTANT_API } from '../src/api';
import { Assistant } from '../src/assistant';

export interface OpenStream {
  request: StreamRequest;
  emit(data: string): void;
  finish(done: boolean): void;
}

export interface DialogOptions {
  /** More answers of the fake server, by `METHOD url`. */
  answers?: Record<string, unknown>;
  /** The site config's allowlist of media (and instruct) origins. */
  mediaOrigins?: string[];
  /** The tab shows the visual system (`show_type` 1). */
  visual?: boolean;
}

export function dialogHarness(options: DialogOptions = {}) {
  const calls: { method: string; url: string; data?: unknown; auth?: unknown }[] = [];
  const answers: Record<string, unknown> = {
    [`GET ${ASSISTANT_API.sessionId}`]: { code: '200', msg: 'ok', data: 'a'.repeat(32) },
    [`GET ${ASSISTANT_API.questionGenerate}`]: {
      code: 200,
      msg: 'ok',
      data: ['问一', '问二', '问三', '问四'],
    },
    [`GET ${ASSISTANT_API.queryId}`]: { code: 200, msg: 'ok', data: 'q1' },
    [`GET ${ASSISTANT_API.similar}`]: { code: 200, msg: 'ok', data: ['相似一', '相似二'] },
    [`POST ${ASSISTANT_API.praise}`]: { code: 200, msg: 'ok', data: null },
    ...options.answers,
  };
  const bus = createBus();
  const runtime = testRuntime({
    bus,
    adapter: async (config) => {
      const key = `${config.method?.toUpperCase()} ${config.url}`;
      const auth = config.headers?.get('Blade-Auth');
      calls.push({ method: config.method ?? '', url: config.url ?? '', data: config.data, auth });
      return { data: answers[key], status: 200, statusText: 'OK', headers: {}, config };
    },
  });
  runtime.session.update({
    token: 't',
    tenantId: '100001',
    userInfo: { user_id: '7', account: 'admin' } as never,
  });
  const streams: OpenStream[] = [];
  const services = testHostServices(runtime);
  if (options.visual) services.storage.set(KEYS.systemType, { type: 'visual' });
  const mountEnded = new AbortController();
  const context = contextOf(services, bus.scope(), mountEnded.signal);
  const props: HostProps = {
    ...context,
    config: { ...context.config, mediaOrigins: options.mediaOrigins ?? context.config.mediaOrigins },
    name: '@ops/assistant',
    stream: (request) =>
      new Promise((resolve, reject) => {
        const abort = () => reject(Object.assign(new Error('Request canceled'), { kind: 'canceled' }));
        if (request.signal?.aborted) return abort();
        request.signal?.addEventListener('abort', abort, { once: true });
        streams.push({
          request,
          emit: (data) => {
            // As the real stream: an error thrown by onEvent ends the call with it.
            try {
              request.onEvent({ data });
            } catch (error) {
              reject(error);
            }
          },
          finish: (done) => resolve({ done, events: 0 }),
        });
      }),
  };
  const errors: ErrorLogEntry[] = [];
  bus.on('error-log:entry').subscribe((entry) => errors.push(entry));
  const controls: RemoteControlRequest[] = [];
  bus.on('remote-control:open').subscribe((request) => controls.push(request));
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | null = null;
  return {
    calls,
    streams,
    errors,
    /** What the dialog published as `remote-control:open`. */
    controls,
    /** Where the host was asked to navigate. */
    navigations: services.navigations,
    container,
    mountEnded,
    /** The console's bus (a page or the robot asks the assistant to open through it). */
    bus,
    async mount() {
      root = createRoot(container);
      root.render(<Assistant {...props} />);
      return waitFor(() => byRole(container, 'dialog', 'AI 助手'));
    },
    async unmount() {
      root?.unmount();
      container.remove();
    },
    /** Types a question into the dialog and sends it with Enter; answers the stream it opened. */
    async ask(dialog: HTMLElement, question: string) {
      const before = streams.length;
      const box = byRole(dialog, 'textbox', '输入问题') as HTMLTextAreaElement;
      fireEvent.change(box, { target: { value: question } });
      fireEvent.keyDown(box, { key: 'Enter' });
      return waitFor(() => streams[before]);
    },
  };
}

/** One chunk of a chat completion stream carrying `delta`. */
export const chunk = (delta: Record<string, unknown>) =>
  JSON.stringify({ id: 'chat-0123456789abcdef01234567', choices: [{ index: 0, delta }] });
