import { expect } from '@esm-bundle/chai';
import { emptyAnswer } from './chunks';
import {
  addExchange,
  answerPatch,
  type ChatMessage,
  canRate,
  canResend,
  endExchange,
  isBusy,
  patchMessage,
  previousChoices,
  rate,
  revealStep,
  type StreamBreak,
  streamBreak,
  takeForResend,
  typesOut,
} from './messages';
import { personaSwitch, suggestionsShown } from './personas';
import { selectNumber } from './select-number';

const ids = { question: 'q1', answer: 'a1' };
const asked = () => addExchange([], ids, '告警有哪些', '10:00:00');

describe('assistant messages (spec §4)', () => {
  it('adds a question and its answer pending; the answer runs; the chat is busy', () => {
    const list = asked();
    expect(list.map((m) => [m.id, m.isMe, m.noRes, m.running, m.replyTo])).to.deep.equal([
      ['q1', true, 'pending', false, ''],
      ['a1', false, 'pending', true, 'q1'],
    ]);
    expect(isBusy(list)).to.equal(true);
  });

  it('ends an exchange: success, stopped (partial kept) or error (question resendable)', () => {
    const table: [Parameters<typeof endExchange>[2], string, boolean, boolean][] = [
      ['success', 'success', false, false],
      ['stopped', 'success', true, false],
      ['error', 'error', false, true],
    ];
    for (const [end, status, stopped, resendable] of table) {
      const list = endExchange(patchMessage(asked(), 'a1', { text: '部分' }), 'a1', end);
      const [question, answer] = list as [ChatMessage, ChatMessage];
      expect([question.noRes, answer.noRes, answer.running, answer.stopped], end).to.deep.equal([
        status,
        status,
        false,
        stopped,
      ]);
      expect(answer.text, 'the part received is kept').to.equal('部分');
      expect(canResend(question), end).to.equal(resendable);
      expect(isBusy(list)).to.equal(false);
    }
  });

  it('resends a pending or failed question: the question and its answer leave, its text returns', () => {
    const failed = endExchange(asked(), 'a1', 'error');
    expect(takeForResend(failed, 'q1')).to.deep.equal({ text: '告警有哪些', rest: [] });
    expect(takeForResend(asked(), 'q1')?.text, 'pending').to.equal('告警有哪些');
    expect(takeForResend(endExchange(asked(), 'a1', 'success'), 'q1'), 'answered').to.equal(null);
    expect(takeForResend(failed, 'a1'), 'an answer').to.equal(null);
    expect(takeForResend(failed, 'nope')).to.equal(null);
  });

  it('rates: a dislike without a comment opens the feedback form', () => {
    const [, answer] = asked() as [ChatMessage, ChatMessage];
    expect(rate(answer, 1)).to.deep.equal({ useful: 1, openFeedback: false });
    expect(rate(answer, 2)).to.deep.equal({ useful: 2, openFeedback: true });
    expect(rate({ ...answer, commit: '不准确' }, 2)).to.deep.equal({ useful: 2, openFeedback: false });
  });

  it('shows what the stream brought so far', () => {
    const answer = { ...emptyAnswer(), chatId: 'chat-1', content: '答', reasoning: '想' };
    const list = patchMessage(asked(), 'a1', answerPatch(answer));
    expect(list[1]).to.deep.include({ text: '答', reasoning: '想', chatId: 'chat-1', extras: [] });
  });

  it('ends a broken stream: failed on the socket, stopped by the user, untouched after unmount', () => {
    const none: StreamBreak = {
      socketFailed: false,
      stopped: false,
      unmounted: false,
      streamError: '',
      error: new Error('boom'),
    };
    const canceled = Object.assign(new Error('Request canceled'), { kind: 'canceled' });
    const table: [Partial<StreamBreak>, ReturnType<typeof streamBreak>][] = [
      [
        { socketFailed: true, stopped: true },
        { end: 'error', notice: null },
      ],
      [
        { stopped: true, unmounted: true },
        { end: 'stopped', notice: null },
      ],
      [{ unmounted: true }, { end: null, notice: null }],
      [{ streamError: '中断' }, { end: 'error', notice: { kind: 'stream-error', message: '中断' } }],
      [{}, { end: 'error', notice: { kind: 'unexpected', message: 'Error: boom' } }],
      [{ error: canceled }, { end: 'error', notice: null }],
      [{ error: Object.assign(new Error('超时'), { kind: 'timeout' }) }, { end: 'error', notice: null }],
      [{ error: new DOMException('stopped', 'AbortError') }, { end: 'error', notice: null }],
    ];
    for (const [cause, outcome] of table)
      expect(streamBreak({ ...none, ...cause }), JSON.stringify(cause)).to.deep.equal(outcome);
  });

  it('types out a running or answered reply; rates one that ended well with a chat id', () => {
    const [, answer] = asked() as [ChatMessage, ChatMessage];
    const done = { ...answer, running: false, noRes: 'success' as const, chatId: 'chat-1' };
    expect([typesOut(answer), typesOut(done), typesOut({ ...done, noRes: 'error' })]).to.deep.equal([
      true,
      true,
      false,
    ]);
    expect([canRate(answer), canRate(done), canRate({ ...done, chatId: '' })]).to.deep.equal([
      false,
      true,
      false,
    ]);
    expect(canRate({ ...done, noRes: 'error' })).to.equal(false);
  });

  it('reveals one character a frame, more when the stream is far ahead', () => {
    const table: [number, number][] = [
      [0, 0],
      [1, 1],
      [30, 1],
      [31, 2],
      [300, 10],
      [20_000, 667],
    ];
    for (const [backlog, step] of table) expect(revealStep(backlog), String(backlog)).to.equal(step);
  });

  it('finds the previous answer’s list for select_number', () => {
    let list = endExchange(asked(), 'a1', 'success');
    expect(previousChoices(list)).to.equal(null);
    list = patchMessage(list, 'a1', { extras: [{ func: 'stations_num', data: ['A', 'B'] }] });
    expect(previousChoices(list)).to.deep.equal({ func: 'stations_num', items: ['A', 'B'] });
    list = patchMessage(list, 'a1', { extras: [{ func: 'show_data', data: [{ param_name: 'P' }] }] });
    expect(
      previousChoices(list, (func) => func !== 'show_data'),
      'a table is not a list to choose from',
    ).to.equal(null);
  });
});

describe('select_number (DECISIONS 19)', () => {
  const choices = ['飞来峡', '白石窑', '孟洲坝'];
  it('picks the n-th item counting from 1, index max(n - 1, 0)', () => {
    const table: [unknown, number][] = [
      [1, 0],
      [3, 2],
      [0, 0],
      [-4, 0],
      ['2', 1],
      [' 3 ', 2],
    ];
    for (const [n, index] of table)
      expect(selectNumber(n, choices), String(n)).to.deep.equal({ ok: true, index, item: choices[index] });
  });
  it('gives its error for no previous list, a non-integer, or n beyond the list', () => {
    const table: [unknown, readonly string[] | null, string][] = [
      [1, null, 'selectNoChoices'],
      [1, [], 'selectNoChoices'],
      [1.5, choices, 'selectNotInteger'],
      ['two', choices, 'selectNotInteger'],
      [Number.NaN, choices, 'selectNotInteger'],
      [null, choices, 'selectNotInteger'],
      [4, choices, 'selectOutOfRange'],
      ['99', choices, 'selectOutOfRange'],
    ];
    for (const [n, list, error] of table)
      expect(selectNumber(n, list), String(n)).to.deep.equal({ ok: false, error });
  });
});

describe('personas (spec §2, §4)', () => {
  it('shows 3 suggested questions small and all full screen', () => {
    const all = ['a', 'b', 'c', 'd', 'e'];
    expect(suggestionsShown(all, false)).to.deep.equal(['a', 'b', 'c']);
    expect(suggestionsShown(all, true)).to.deep.equal(all);
  });
  it('refuses a switch while replying or fetching the session; the same persona changes nothing', () => {
    const table: [boolean, boolean, string][] = [
      [false, false, 'switch'],
      [true, false, 'busy'],
      [false, true, 'busy'],
    ];
    for (const [replying, sessionLoading, decision] of table)
      expect(personaSwitch('hydropower', 'energyStorage', { replying, sessionLoading })).to.equal(decision);
    expect(personaSwitch('hydropower', 'hydropower', { replying: true, sessionLoading: false })).to.equal(
      'same',
    );
  });
});
