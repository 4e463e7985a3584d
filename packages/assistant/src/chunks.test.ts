import { expect } from '@esm-bundle/chai';
import { badExtraEntry, emptyAnswer, feedChunk, parseExtra, streamComplete } from './chunks';

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id: 'chat-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta }], ...extra });

describe('streamed answer: OpenAI chunks', () => {
  it('adds content and reasoning in order and takes the id of the first chunk', () => {
    const answer = emptyAnswer();
    for (const data of [
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: '1. 理' }),
      chunk({ reasoning_content: '解' }),
      chunk({ content: '### 今' }),
      JSON.stringify({ id: 'chat-2', choices: [{ delta: { content: '日' } }] }),
    ])
      expect(feedChunk(answer, data)).to.deep.equal({ kind: 'ok' });
    expect(answer).to.deep.equal({
      chatId: 'chat-1',
      content: '### 今日',
      reasoning: '1. 理解',
      extras: [],
      realData: [],
    });
  });

  it('reads extra as a JSON string (a list or one item); a bad one is reported and the chunk still counts', () => {
    const answer = emptyAnswer();
    feedChunk(answer, chunk({ extra: JSON.stringify([{ func: 'stations_num', data: [1, 2] }]) }));
    expect(answer.extras).to.deep.equal([{ func: 'stations_num', data: [1, 2] }]);
    feedChunk(answer, chunk({ extra: JSON.stringify({ func: 'history_data' }) }));
    expect(answer.extras).to.deep.equal([{ func: 'history_data' }]);
    const table: [string, unknown][] = [
      ['{not json', 'bad-extra'],
      ['[1,2]', 'bad-extra'],
      ['{"name":"no func"}', 'bad-extra'],
      ['null', 'bad-extra'],
    ];
    for (const [raw, kind] of table) {
      const note = feedChunk(answer, chunk({ content: 'x', extra: raw }));
      expect(note, raw).to.deep.equal({ kind, raw });
    }
    expect(answer.content).to.equal('xxxx');
    expect(answer.extras, 'the last good extras stay').to.deep.equal([{ func: 'history_data' }]);
  });

  it('takes an extra at the top level of the chunk too', () => {
    const answer = emptyAnswer();
    feedChunk(answer, chunk({}, { extra: '[{"func":"open_menu"}]' }));
    expect(answer.extras).to.deep.equal([{ func: 'open_menu' }]);
  });

  it('tells the server error event apart and skips what is not a chunk', () => {
    const answer = emptyAnswer();
    expect(feedChunk(answer, '{"error":{"code":502,"message":"智能助手服务中断"}}')).to.deep.equal({
      kind: 'error',
      message: '智能助手服务中断',
    });
    expect(feedChunk(answer, '{"error":"boom"}')).to.deep.equal({ kind: 'error', message: 'boom' });
    for (const raw of ['not json', '42', '[]', '{"choices":[]}', '{"choices":"x"}'])
      expect(feedChunk(answer, raw), raw).to.deep.equal({ kind: 'skipped', raw });
    expect(answer).to.deep.equal(emptyAnswer());
  });

  it('judges the end (DECISIONS 20): [DONE], or an end without it after content', () => {
    const table: [boolean, string, boolean][] = [
      [true, '', true],
      [true, 'text', true],
      [false, 'text', true],
      [false, '', false],
    ];
    for (const [done, content, complete] of table)
      expect(streamComplete(done, { ...emptyAnswer(), content }), `${done} ${content}`).to.equal(complete);
  });

  it('parses extras alone', () => {
    expect(parseExtra('[]')).to.deep.equal([]);
    expect(parseExtra('{"func":"knowledge","data":{"name":"a"}}')).to.deep.equal([
      { func: 'knowledge', data: { name: 'a' } },
    ]);
    expect(parseExtra('')).to.equal(null);
  });

  it('reports a bad extra to the error log with its first 500 characters', () => {
    const time = new Date('2026-01-02T03:04:05.000Z');
    const entry = badExtraEntry(`{${'x'.repeat(600)}`, {
      url: 'http://host/index',
      message: '无法解析',
      time,
    });
    expect(entry).to.deep.equal({
      type: 'assistant-extra',
      url: 'http://host/index',
      message: '无法解析',
      stack: '',
      info: `{${'x'.repeat(499)}`,
      time: '2026-01-02T03:04:05.000Z',
    });
  });
});
