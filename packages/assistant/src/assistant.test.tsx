// The assistant's dialog over the console's real runtime (HTTP client and bus), with the server's calls
// answered by a fake adapter and the stream driven by the test. Elements are found by role and name.
import { expect } from '@esm-bundle/chai';
import { setLanguage } from '@ops/shared';
import { fireEvent } from '@testing-library/dom';
import { byRole, waitFor } from '../../../test/support/dom';
import { chunk, dialogHarness as setup } from '../test-support/dialog';
import { ASSISTANT_API } from './api';

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

  it('a dislike rates the answer at once and opens the feedback form; closing the form keeps it', async () => {
    const t = setup();
    const dialog = await t.mount();
    const stream = await t.ask(dialog, '告警有哪些');
    stream.emit(chunk({ content: '三条告警' }));
    stream.finish(true);
    fireEvent.click(await waitFor(() => byRole(dialog, 'button', '没帮助') as HTMLElement));
    const form = await waitFor(() => byRole(dialog, 'dialog', '反馈'));
    // The click itself is the rating (spec §3 useful 2): sent as praise 0, shown pressed.
    await waitFor(() => byRole(dialog, 'button', '没帮助')?.getAttribute('aria-pressed') === 'true');
    const praise = t.calls.filter((c) => c.url === ASSISTANT_API.praise);
    expect(praise.map((c) => JSON.parse(String(c.data)).praise)).to.deep.equal([0]);
    fireEvent.click(byRole(form, 'button', '取消') as HTMLElement);
    await waitFor(() => !byRole(dialog, 'dialog', '反馈'));
    expect(byRole(dialog, 'button', '没帮助')?.getAttribute('aria-pressed')).to.equal('true');
    expect(t.calls.filter((c) => c.url === ASSISTANT_API.comment)).to.deep.equal([]);
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

  it('a typed question loses angle brackets (spec §5) and keeps its other symbols', async () => {
    const t = setup();
    const dialog = await t.mount();
    const box = byRole(dialog, 'textbox', '输入问题') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '<b>1#机组</b> 功率*2 [MW]' } });
    expect(box.value).to.equal('b1#机组/b 功率*2 [MW]');
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
  it('takes the focus to the question box as it opens and gives it back to the robot as it closes', async () => {
    const robot = document.createElement('button');
    robot.textContent = 'AI 助手';
    document.body.append(robot);
    robot.focus();
    const t = setup();
    try {
      const dialog = await t.mount();
      await waitFor(() => document.activeElement === byRole(dialog, 'textbox', '输入问题'));
      fireEvent.click(byRole(dialog, 'button', '关闭') as HTMLElement);
      await waitFor(() => byRole(t.container, 'dialog', 'AI 助手') === null);
      expect(document.activeElement, 'the focus is back on the robot').to.equal(robot);
      // Opened again by the robot: into the question box again.
      t.bus.publish('assistant:open', {});
      const again = await waitFor(() => byRole(t.container, 'dialog', 'AI 助手'));
      await waitFor(() => document.activeElement === byRole(again, 'textbox', '输入问题'));
    } finally {
      robot.remove();
      await t.unmount();
    }
  });

  it('switches the console’s language from its header’s language menu, and back', async () => {
    const t = setup({
      answers: {
        'GET /api/blade-system/dict/dictionary': {
          code: 200,
          success: true,
          data: [
            { dictKey: 'zh_CN', dictValue: '简体中文' },
            { dictKey: 'en_US', dictValue: 'English' },
          ],
        },
      },
    });
    const dialog = await t.mount();
    try {
      fireEvent.click(byRole(dialog, 'button', '语言') as HTMLElement);
      const menu = await waitFor(() => byRole(dialog, 'menu', '语言'));
      const zh = byRole(menu, 'menuitemradio', '中文') as HTMLElement;
      expect(zh.getAttribute('aria-checked')).to.equal('true');
      expect(zh.lang).to.equal('zh-CN');
      const asked = () => t.calls.filter((c) => c.url === ASSISTANT_API.questionGenerate).length;
      await waitFor(() => asked() === 1);
      fireEvent.click(byRole(menu, 'menuitemradio', 'English') as HTMLElement);
      await waitFor(() => byRole(document.body, 'dialog', 'AI assistant'));
      // The server words the suggested questions in the request's language: they are asked for again.
      await waitFor(() => asked() === 2);
      expect(t.calls.filter((c) => c.url.endsWith('/dict/dictionary'))).to.have.length(1);
      fireEvent.click(byRole(document.body, 'button', 'Language') as HTMLElement);
      const en = await waitFor(() => byRole(document.body, 'menu', 'Language'));
      expect(byRole(en, 'menuitemradio', 'English')?.getAttribute('aria-checked')).to.equal('true');
      fireEvent.click(byRole(en, 'menuitemradio', '中文') as HTMLElement);
      await waitFor(() => byRole(document.body, 'dialog', 'AI 助手'));
    } finally {
      setLanguage('zh');
      await t.unmount();
    }
  });
});
