// The assistant's dialog over the console's real runtime (HTTP client and bus), with the server's calls
// answered by a fake adapter and the stream driven by the test. Elements are found by role and name.
import { expect } from '@esm-bundle/chai';
import { contextOf, createBus, type ErrorLogEntry, type HostProps, type StreamRequest } from '@ops/shared';
import { fireEvent } from '@testing-library/dom';
import { createRoot, type Root } from 'react-dom/client';
import { byRole, waitFor } from '../../../test/support/dom';
import { testHostServices, testRuntime } from '../../../test/support/runtime';
import { ASSISTANT_API } from './api';
import { Assistant } from './assistant';

interface OpenStream {
  request: StreamRequest;
  emit(data: string): void;
  finish(done: boolean): void;
}

function setup() {
  const calls: { method: string; url: string; data?: unknown }[] = [];
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
  };
  const bus = createBus();
  const runtime = testRuntime({
    bus,
    adapter: async (config) => {
      const key = `${config.method?.toUpperCase()} ${config.url}`;
      calls.push({ method: config.method ?? '', url: config.url ?? '', data: config.data });
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
  const mountEnded = new AbortController();
  const context = contextOf(services, bus.scope(), mountEnded.signal);
  const props: HostProps = {
    ...context,
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
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | null = null;
  return {
    calls,
    streams,
    errors,
    container,
    mountEnded,
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

const chunk = (delta: Record<string, unknown>) =>
  JSON.stringify({ id: 'chat-0123456789abcdef01234567', choices: [{ index: 0, delta }] });

describe('assistant dialog', () => {
  it('asks a suggested question, streams the answer, then offers rating and similar questions', async () => {
    const t = setup();
    const dialog = await t.mount();
    const suggestions = await waitFor(() => byRole(dialog, 'list', '您可以这样问'));
    await waitFor(() => suggestions.querySelectorAll('button').length === 3);
    fireEvent.click(byRole(dialog, 'button', '问二') as HTMLElement);
    const stream = await waitFor(() => t.streams[0]);
    expect(stream.request.url).to.equal(ASSISTANT_API.completions);
    expect(stream.request.body).to.deep.include({
      conversation_id: 'a'.repeat(32),
      think: false,
      stream: true,
    });
    await waitFor(() => byRole(dialog, 'button', '停止回答'));
    stream.emit(chunk({ content: '**答' }));
    stream.emit(chunk({ content: '案**' }));
    stream.finish(true);
    await waitFor(() => dialog.querySelector('strong')?.textContent === '答案');
    await waitFor(() => byRole(dialog, 'button', '有帮助'));
    const similar = await waitFor(() => byRole(dialog, 'list', '相似问题'));
    expect([...similar.querySelectorAll('button')].map((b) => b.textContent)).to.deep.equal([
      '相似一',
      '相似二',
    ]);
    fireEvent.click(byRole(dialog, 'button', '有帮助') as HTMLElement);
    await waitFor(() => byRole(dialog, 'button', '有帮助')?.getAttribute('aria-pressed') === 'true');
    const praise = t.calls.find((c) => c.url === ASSISTANT_API.praise);
    expect(JSON.parse(String(praise?.data))).to.deep.equal({
      chartId: 'chat-0123456789abcdef01234567',
      queryId: 'q1',
      questionId: 'q1',
      praise: 1,
    });
    await t.unmount();
  });

  it('refuses an empty question and a persona switch while answering; stop keeps the part received', async () => {
    const t = setup();
    const dialog = await t.mount();
    fireEvent.click(byRole(dialog, 'button', '发送') as HTMLElement);
    await waitFor(() => document.body.textContent?.includes('请输入问题'));
    expect(t.streams.length).to.equal(0);

    const stream = await t.ask(dialog, '告警有哪些');
    stream.emit(chunk({ content: '部分回答' }));
    fireEvent.click(byRole(dialog, 'button', '储能助手') as HTMLElement);
    await waitFor(() => document.body.textContent?.includes('正在回答中，请稍后再切换助手'));
    expect(byRole(dialog, 'button', '水电助手')?.getAttribute('aria-pressed')).to.equal('true');

    fireEvent.click(byRole(dialog, 'button', '停止回答') as HTMLElement);
    await waitFor(() => dialog.textContent?.includes('已停止回答'));
    expect(stream.request.signal?.aborted).to.equal(true);
    await waitFor(() => dialog.textContent?.includes('部分回答'));
    await t.unmount();
  });

  it('reports a bad extra to the error log and marks an answer failed on the server error event', async () => {
    const t = setup();
    const dialog = await t.mount();
    const stream = await t.ask(dialog, '电站列表');
    stream.emit(chunk({ content: '列表', extra: '{not json' }));
    await waitFor(() => t.errors.length === 1);
    expect(t.errors[0]).to.deep.include({ type: 'assistant-extra', info: '{not json' });
    stream.emit('{"error":{"code":502,"message":"智能助手服务中断：reset"}}');
    await waitFor(() => byRole(dialog, 'alert', '回答失败，点击问题旁的图标重新发送'));
    await waitFor(() => document.body.textContent?.includes('回答出错：智能助手服务中断：reset'));
    expect(byRole(dialog, 'button', '重新发送: 电站列表')).to.not.equal(null);
    await t.unmount();
  });

  it('aborts the stream when the mount ends (sign-out, station switch) and when the dialog closes', async () => {
    const t = setup();
    const dialog = await t.mount();
    const first = await t.ask(dialog, '今天的发电量');
    fireEvent.click(byRole(dialog, 'button', '关闭') as HTMLElement);
    expect(first.request.signal?.aborted, 'closing aborts').to.equal(true);
    await waitFor(() => byRole(t.container, 'dialog', 'AI 助手') === null);
    await t.unmount();

    const u = setup();
    const again = await u.mount();
    const second = await u.ask(again, '今天的发电量');
    u.mountEnded.abort();
    expect(second.request.signal?.aborted, 'the end of the mount aborts').to.equal(true);
    await u.unmount();
  });
});
